import { useSkuHints } from '../api/sku-hints';
import { nextFreeSku } from './next-free-sku';

/** The SKUs this device has given or holds, which the hints go by as well as the server's. */
export interface SkusTaken {
  /** SKUs on the dialog's photos and in the upload queue: Next skips them as it skips the server's. */
  inUse: string[];
  /** The SKU given last here (on the photos or in the queue): newer than the server's last; null: none yet. */
  lastAssigned: string | null;
  /** Queued products still to be given a generated SKU. */
  awaitingGenerated: number;
}

interface SkuHintsLineProps {
  enabled: boolean;
  taken: SkusTaken;
  onUseNext: (sku: string) => void;
}

/** "Last" and "Next" SKU hints; tapping Next puts it in the bulk SKU field. */
export function SkuHintsLine({ enabled, taken, onUseNext }: SkuHintsLineProps) {
  const hints = useSkuHints(enabled);
  if (!hints.data) return null;
  const next = nextFreeSku(hints.data.free, taken.inUse, taken.awaitingGenerated);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500" data-testid="sku-hints">
      <span>
        Last: <span className="font-mono font-semibold text-slate-700">{taken.lastAssigned ?? hints.data.last ?? 'none yet'}</span>
      </span>
      {next !== null && (
        <button
          type="button"
          onClick={() => onUseNext(next)}
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-1 py-0.5 hover:bg-indigo-50 sm:min-h-0 focus-visible:outline-2 focus-visible:outline-indigo-600"
          title="Use this SKU"
        >
          Next: <span className="font-mono font-semibold text-indigo-700">{next}</span>
        </button>
      )}
    </p>
  );
}
