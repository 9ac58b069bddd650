import { useSkuHints } from '../api/sku-hints';

/** "Last" and "Next" SKU hints; tapping Next puts it in the bulk SKU field. */
export function SkuHintsLine({ enabled, onUseNext }: { enabled: boolean; onUseNext: (sku: string) => void }) {
  const hints = useSkuHints(enabled);
  if (!hints.data) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500" data-testid="sku-hints">
      <span>
        Last: <span className="font-mono font-semibold text-slate-700">{hints.data.last ?? 'none yet'}</span>
      </span>
      <button
        type="button"
        onClick={() => onUseNext(hints.data.next)}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-1 py-0.5 hover:bg-indigo-50 sm:min-h-0 focus-visible:outline-2 focus-visible:outline-indigo-600"
        title="Use this SKU"
      >
        Next: <span className="font-mono font-semibold text-indigo-700">{hints.data.next}</span>
      </button>
    </p>
  );
}
