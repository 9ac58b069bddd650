import { formatDay } from '@shared/domain/display-format';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { pastSalesImportStatus, type PastSalesSource } from '@shared/contracts/past-sales-imports';
import { channelNames } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { itemKeys } from '@/entities/items/query-keys';
import { usePastSalesSources, useStartPastSalesImport } from './api/past-sales-imports';

export const marketplacePastSalesWords = {
  noCost: 'Orders do not say what you paid: add the cost on each item to count its profit.',
  button: (name: string) => `Import past sales from ${name}`,
  reach: (name: string, since: string) => `${name} lets us read your sales since ${formatDay(since, { year: true })}.`,
} as const;

/**
 * "Import past sales from eBay" for each marketplace the seller has connected (decision 150): a job reads its orders and
 * fees; the line under the button follows it to "Imported 132 sales from eBay; 14 already here.", or says why it stopped.
 */
export function MarketplacePastSales() {
  const sources = usePastSalesSources();
  const start = useStartPastSalesImport();
  const queryClient = useQueryClient();
  const wasRunning = useRef(new Set<string>());
  const list = sources.data?.sources ?? [];

  // An import that finished since the last reading: its sales are in the groups now.
  useEffect(() => {
    let finished = false;
    for (const { latest } of sources.data?.sources ?? []) {
      if (!latest) continue;
      if (latest.status === 'running') wasRunning.current.add(latest.id);
      else if (wasRunning.current.delete(latest.id)) finished = true;
    }
    if (finished) void queryClient.invalidateQueries({ queryKey: itemKeys.all });
  }, [sources.data, queryClient]);

  if (sources.isError) return <Alert tone="error">{sources.error.message}</Alert>;
  if (!list.length) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Import from your marketplaces">
      {list.map((source) => (
        <SourceRow key={source.channel} source={source} start={start} />
      ))}
    </ul>
  );
}

function SourceRow({ source, start }: { source: PastSalesSource; start: ReturnType<typeof useStartPastSalesImport> }) {
  const name = channelNames[source.channel];
  const { latest } = source;
  const running = latest?.status === 'running';
  const starting = start.isPending && start.variables === source.channel;
  const startError = start.isError && start.variables === source.channel ? start.error.message : null;
  return (
    <li className="flex flex-col gap-2" data-testid={`past-sales-${source.channel}`}>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" loading={starting || running} disabled={running} onClick={() => start.mutate(source.channel)}>
          {marketplacePastSalesWords.button(name)}
        </Button>
        <span className="text-xs text-slate-500">{marketplacePastSalesWords.reach(name, source.since)}</span>
      </div>
      {running && latest.phase === 'fees' && latest.feeOrders > 0 && (
        <progress
          className="h-2 w-full max-w-xs accent-indigo-600"
          max={latest.feeOrders}
          value={latest.feesRead}
          aria-label={`${name} import`}
        />
      )}
      {latest && latest.status !== 'failed' && (
        <p className={`text-sm ${latest.status === 'done' ? 'text-emerald-700' : 'text-slate-600'}`} role="status">
          {pastSalesImportStatus(latest)}
        </p>
      )}
      {latest?.status === 'done' && latest.imported > 0 && <p className="text-xs text-slate-500">{marketplacePastSalesWords.noCost}</p>}
      {latest?.status === 'failed' && <Alert tone="error">{pastSalesImportStatus(latest)}</Alert>}
      {startError && <Alert tone="error">{startError}</Alert>}
    </li>
  );
}
