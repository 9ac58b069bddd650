import { salesChecksWords } from '@shared/domain/sales';
import { useChannelConnectionList } from './use-channel-connections';

/**
 * The Marketplaces screen's note of the app's sales checks today on each configured API channel against the
 * marketplace's daily call limit (decision 078): checked every 15 s while an item is live on two of them.
 */
export function SalesChecksToday() {
  const entries = (useChannelConnectionList().data?.channels ?? []).filter((entry) => entry.configured && entry.salesChecksToday);
  if (!entries.length) return null;
  return (
    <section aria-labelledby="sales-checks-title" className="flex flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="sales-checks-title" className="text-sm font-semibold text-slate-800">
        Sales checks
      </h2>
      <p className="text-sm text-slate-500">Every 15 seconds while an item is live on two marketplaces, within each one’s daily limit.</p>
      <ul className="flex flex-col gap-1">
        {entries.map(({ channel, label, salesChecksToday }) => (
          <li key={channel} className="text-sm text-slate-700" data-testid={`sales-checks-${channel}`}>
            <span className="font-medium">{label}:</span> {salesChecksWords.today(salesChecksToday!.used, salesChecksToday!.limit)}
          </li>
        ))}
      </ul>
    </section>
  );
}
