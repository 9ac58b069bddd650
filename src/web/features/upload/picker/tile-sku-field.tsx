import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { useSkuTaken } from '../api/sku-available';

/** A tile's own SKU field: warns under it, as the bulk field does, when one of the seller's products has that SKU. */
export function TileSkuField({ sku, label, onChange }: { sku: string; label: string; onChange(typed: string): void }) {
  const taken = useSkuTaken(sku);
  const hintId = useId();
  return (
    <>
      <input
        value={sku}
        onChange={(event) => onChange(event.target.value)}
        aria-label={`SKU for ${label}`}
        aria-invalid={taken ? true : undefined}
        aria-describedby={taken ? hintId : undefined}
        placeholder="SKU"
        title={sku || undefined}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        className={cn(
          'h-9 w-full min-w-0 rounded-lg border px-2 font-mono text-base uppercase tracking-tight shadow-sm outline-none transition sm:text-xs',
          'placeholder:font-sans placeholder:normal-case placeholder:text-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-100',
          taken
            ? 'border-amber-400 bg-amber-50 text-amber-900'
            : sku
              ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
              : 'border-slate-300 bg-white text-slate-900',
        )}
      />
      {taken && (
        <p id={hintId} role="status" data-testid="tile-sku-taken" className="text-xs font-medium leading-snug text-amber-800">
          {taken} is already used by one of your products: choose another SKU.
        </p>
      )}
    </>
  );
}
