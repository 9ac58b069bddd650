import { formatNumber } from '@shared/domain/display-format';

import { Link } from 'react-router';
import type { AgingItem, ListingTrafficView } from '@shared/contracts/aging-stock';
import { webPaths } from '@shared/contracts/web-paths';
import { formatMoney } from '@shared/domain/money';

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A listing's traffic in words, where its channel tells it: "eBay · 42 views · watched". */
function trafficWords(listing: ListingTrafficView): string {
  const parts = [listing.label];
  if (listing.views !== null) parts.push(count(listing.views, 'view', 'views'));
  if (listing.interestedBuyers !== null) parts.push(listing.interestedBuyers ? 'watchers' : 'no watchers');
  return parts.join(' · ');
}

const floorWords = (item: AgingItem): string => {
  if (item.floor) return `floor ${formatMoney(item.floor)}`;
  if (item.floorStatus === 'no-cost') return 'No cost entered';
  return 'no floor';
};

/** The items of one band, those past their predicted days to sale first (decision 152), then oldest first; each goes to its listing (the Listings screen, found by its SKU). */
export function AgingBandItems({ items, label = 'Items in this band' }: { items: AgingItem[]; label?: string }) {
  if (!items.length) return <p className="px-4 py-3 text-sm text-slate-500">Nothing live this long.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={label}>
      {items.map((item) => (
        <li key={item.itemId}>
          <Link
            to={`${webPaths.listings}?q=${encodeURIComponent(item.sku ?? '')}`}
            className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600"
            data-testid="aging-item"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{item.title ?? item.sku ?? 'Untitled item'}</span>
              <span className="block text-xs text-slate-500">
                {item.sku} · {count(item.daysListed, 'day', 'days')} listed
              </span>
              {item.prediction?.past && (
                <span
                  className="mt-1 inline-block rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-200"
                  data-testid="past-prediction"
                >
                  {item.prediction.words}
                </span>
              )}
              {item.listings.length > 0 && (
                <span className="mt-1 flex flex-wrap gap-1">
                  {item.listings.map((listing) => (
                    <span key={listing.channel} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                      {trafficWords(listing)}
                    </span>
                  ))}
                </span>
              )}
            </span>
            <span className="shrink-0 text-right text-sm">
              <span className="block font-semibold text-slate-900">{item.askingPrice ? formatMoney(item.askingPrice) : '—'}</span>
              <span className={`block text-xs ${item.floorStatus === 'no-cost' ? 'font-semibold text-amber-700' : 'text-slate-500'}`}>
                {floorWords(item)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
