import { useState } from 'react';
import { Button } from '@/components/button';
import { CheckIcon, SparklesIcon } from '@/components/icons';
import type { CreatedProduct } from './upload-queue-store';

interface UploadSummaryProps {
  created: CreatedProduct[];
  /** Queues listings for these items and opens Generate Listings; absent where the app has no listings. */
  onGenerateListings?: (itemIds: string[]) => Promise<void>;
  onDone(): void;
}

const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/** What an upload made (SKUs and photo counts), and the next step: generate their listings, or Done. */
export function UploadSummary({ created, onGenerateListings, onDone }: UploadSummaryProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const n = created.length;
  async function generate() {
    if (!onGenerateListings) return;
    setBusy(true);
    setError(null);
    try {
      await onGenerateListings(created.map((c) => c.itemId));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not start the listings');
      setBusy(false);
    }
  }
  return (
    <section
      aria-labelledby="upload-summary-heading"
      data-testid="upload-summary"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4"
    >
      <h3 id="upload-summary-heading" className="flex items-center gap-2 font-semibold text-emerald-900">
        <CheckIcon className="size-5" strokeWidth={3} />
        Uploaded {n} product{n === 1 ? '' : 's'}
      </h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-800">
        {created.map((c) => (
          <li key={c.itemId} data-testid="created-product">
            <span className="font-mono font-semibold">{c.sku}</span> · {photos(c.photoCount)}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {onGenerateListings && (
          <Button onClick={() => void generate()} loading={busy}>
            {!busy && <SparklesIcon className="size-4" />}
            Generate listings for {n === 1 ? 'this one' : `these ${n}`}
          </Button>
        )}
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Done
        </Button>
      </div>
    </section>
  );
}
