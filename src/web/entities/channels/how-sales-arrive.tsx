import type { ChannelConnectionStatus, SalesArrival } from '@shared/contracts/channels';
import { salesArrivalWords } from '@shared/domain/sales';
import { useChannelConnectionList } from './use-channel-connections';

/** One marketplace's line: "eBay: by push, within seconds", or "Etsy: checked every 300 s" and why push is off. */
export function SalesArrivalLine({ label, arrive }: { label: string; arrive: SalesArrival }) {
  return (
    <>
      <span className="font-medium">{label}:</span>{' '}
      {arrive.by === 'push' ? salesArrivalWords.push : salesArrivalWords.pull(arrive.everySeconds)}
      {arrive.by === 'pull' ? <span className="block text-slate-500"> {arrive.pushOff}</span> : null}
    </>
  );
}

/** The list itself, for the connections GET /api/channels answers. */
export function HowSalesArriveList({ channels }: { channels: ChannelConnectionStatus[] }) {
  const entries = channels.filter((entry) => entry.salesArrive);
  if (!entries.length) return null;
  return (
    <section aria-labelledby="sales-arrive-title" className="flex flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="sales-arrive-title" className="text-sm font-semibold text-slate-800">
        How sales arrive
      </h2>
      <ul className="flex flex-col gap-2">
        {entries.map(({ channel, label, salesArrive }) => (
          <li key={channel} className="text-sm text-slate-700" data-testid={`sales-arrive-${channel}`}>
            <SalesArrivalLine label={label} arrive={salesArrive!} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Marketplaces screen's note of how each connected marketplace's sales reach the app: pushed within
 * seconds, or checked every N s with the reason push is off (no public address, the marketplace refused it, or it
 * never pushes).
 */
export function HowSalesArrive() {
  return <HowSalesArriveList channels={useChannelConnectionList().data?.channels ?? []} />;
}
