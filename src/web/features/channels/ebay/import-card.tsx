import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { importMessages, listingIdsIn, MAX_IMPORT_LISTING_IDS, startImportBody, type EbayImport } from '@shared/contracts/ebay-import';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { useToast } from '@/components/toast';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { useLatestImport, useStartImport } from './api/ebay-import';
import { ProgressBar } from '@/components/progress-bar';
import { tell } from '@/lib/told';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a finished import did, in one sentence. */
export function importSummary(run: EbayImport): string {
  const total = run.total ?? 0;
  const here = run.alreadyHere;
  if (total === 0) return 'No live listings were found on your eBay account.';
  if (run.imported === 0 && here > 0) return `Nothing new to import: all ${plural(here, 'live listing')} are already here.`;
  return `${importMessages.progress(run.imported, total)}: ${plural(run.imported, 'new product')}${here > 0 ? `, ${here} already here` : ''}.`;
}

function Progress({ run }: { run: EbayImport }) {
  if (run.total === null) return <p className="text-sm text-slate-700">{importMessages.reading}</p>;
  const percent = run.total ? Math.round((run.done / run.total) * 100) : 100;
  const label = importMessages.progress(run.done, run.total);
  return (
    <div>
      <p className="text-sm font-medium text-slate-800" data-testid="ebay-import-progress">
        {label}
      </p>
      <ProgressBar label={label} percent={percent} className="mt-2" />
    </div>
  );
}

function Refusals({ run }: { run: EbayImport }) {
  if (!run.refusals.length) return null;
  return (
    <div className="mt-3" data-testid="ebay-import-refusals">
      <p className="text-sm font-medium text-slate-800">{plural(run.refusals.length, 'listing')} not imported, with eBay&apos;s reason:</p>
      <ul className="mt-2 flex flex-col gap-2">
        {run.refusals.map((refusal) => (
          <li key={`${refusal.listingId}-${refusal.sku}`} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="font-medium break-all">
              {refusal.listingId ? `Item ${refusal.listingId}` : ''}
              {refusal.sku ? `${refusal.listingId ? ' · ' : ''}SKU ${refusal.sku}` : ''}
            </span>
            <span className="block">{refusal.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the seller pasted, as the contract's body (`startImportBody`): at most MAX_IMPORT_LISTING_IDS item numbers in it
 * (eBay's bulkMigrateListing takes a seller's listings), said as it is pasted, then the contract's own rules.
 */
const importFields = z.object({
  listingIds: z
    .string()
    .refine((pasted) => listingIdsIn(pasted).length <= MAX_IMPORT_LISTING_IDS, importMessages.tooMany)
    .pipe(startImportBody.shape.listingIds.unwrap()),
});

/**
 * Import from eBay: the seller's live listings become products here (photos, text, item specifics, price, quantity)
 * with their eBay listing live. Listings made through the Inventory API come on their own; those made on eBay's site
 * are named by their item numbers, and eBay moves them in first (fixed price with a SKU only).
 */
export function ImportCard({ connected }: { connected: boolean }) {
  const latest = useLatestImport({ enabled: connected });
  const start = useStartImport();
  const notify = useToast();
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(importFields),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: { listingIds: '' },
  });
  const fieldId = useId();
  const run = latest.data?.import ?? null;
  const running = run?.status === 'running';
  const found = listingIdsIn(watch('listingIds')).length;
  const problem = formState.errors.listingIds?.message;

  // When a run finishes while the screen is open: the lists show its products.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && run && run.status !== 'running') {
      void invalidateItemQueries(queryClient);
      if (run.status === 'done') notify('success', importSummary(run));
    }
    wasRunning.current = running;
  }, [run, running, queryClient, notify]);

  const submit = handleSubmit(({ listingIds }) => {
    if (running) return;
    tell(start, listingIds, { onSuccess: () => reset({ listingIds: '' }) });
  });

  return (
    <Card className="p-4 sm:p-6" data-testid="ebay-import">
      <h2 className="text-base font-semibold text-slate-900">Import from eBay</h2>
      <p className="mt-1 text-sm text-slate-600">
        Bring in the listings already live on your eBay account. Each becomes a product here with its photos, title, description, item
        specifics, price and quantity, and stays live on eBay, so you can revise or end it from here.
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
            Listings made on eBay&apos;s site (optional)
          </label>
          <textarea
            id={fieldId}
            {...register('listingIds')}
            rows={3}
            disabled={running}
            aria-describedby={`${fieldId}-hint`}
            placeholder="Item numbers or listing links, e.g. 256123456789"
            className="rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:text-sm"
          />
          <p id={`${fieldId}-hint`} className="text-xs text-slate-500">
            Listings made through another listing tool come in on their own. For ones made on eBay&apos;s site, paste their item numbers (in
            Seller Hub, Reports, download an Active listings report and copy its Item number column): eBay moves fixed-price listings with a
            Custom label (SKU) to where this app can manage them; it cannot move auctions.
            {found > 0 && ` ${plural(found, 'item number')} found.`}
          </p>
          {problem && <p className="text-sm text-red-600">{problem}</p>}
        </div>
        <div>
          <Button type="submit" loading={start.isPending} disabled={!connected || running || Boolean(problem)}>
            Import from eBay
          </Button>
        </div>
      </form>
      {start.isError && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {start.error.message}
        </p>
      )}
      {run && (
        <div className="mt-4 border-t border-slate-100 pt-4" aria-live="polite" data-testid="ebay-import-result">
          {running ? (
            <>
              <Progress run={run} />
              {run.error && <p className="mt-2 text-sm text-amber-700">{run.error}</p>}
            </>
          ) : run.status === 'failed' ? (
            <Alert tone="error">{run.error}</Alert>
          ) : (
            <p className="text-sm font-medium text-emerald-700" data-testid="ebay-import-summary">
              {importSummary(run)}
            </p>
          )}
          <Refusals run={run} />
        </div>
      )}
    </Card>
  );
}
