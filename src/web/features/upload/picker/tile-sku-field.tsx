import { useId } from 'react';
import { checkTypedSku, SkuFieldNote } from '@/entities/items/sku-field-note';
import { cn } from '@/lib/cn';
import { useSkuTaken } from '../api/sku-available';

/**
 * A tile's own SKU field: as the seller types it says why a SKU cannot be used or flags a likely typo (the shared
 * rule), and warns, as the bulk field does, when one of the seller's products has that SKU.
 */
export function TileSkuField({ sku, label, onChange }: { sku: string; label: string; onChange(typed: string): void }) {
  const check = checkTypedSku(sku);
  const taken = useSkuTaken(check.problem ? '' : sku);
  const hintId = useId();
  const noted = check.problem !== null || check.typo !== null || taken !== null;
  return (
    <>
      <input
        value={sku}
        onChange={(event) => onChange(event.target.value)}
        aria-label={`SKU for ${label}`}
        aria-invalid={check.problem || taken ? true : undefined}
        aria-describedby={noted ? hintId : undefined}
        placeholder="SKU"
        title={sku || undefined}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        className={cn(
          'h-9 w-full min-w-0 rounded-lg border px-2 font-mono text-base uppercase tracking-tight shadow-sm outline-none transition sm:text-xs',
          'placeholder:font-sans placeholder:normal-case placeholder:text-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-100',
          check.problem
            ? 'border-red-400 bg-red-50 text-red-900'
            : taken || check.typo
              ? 'border-amber-400 bg-amber-50 text-amber-900'
              : sku
                ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
                : 'border-slate-300 bg-white text-slate-900',
        )}
      />
      {check.problem || check.typo ? (
        <SkuFieldNote id={hintId} check={check} onFix={onChange} />
      ) : (
        taken && (
          <p id={hintId} role="status" data-testid="tile-sku-taken" className="text-xs font-medium leading-snug text-amber-800">
            {taken} is already used by one of your products: choose another SKU.
          </p>
        )
      )}
    </>
  );
}
