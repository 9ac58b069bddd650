import type { ChannelListingView } from '@shared/contracts/items';
import { channelNames } from '@shared/domain/channel-listing';
import { formatMoney, money } from '@shared/domain/money';

/** How the channel's price was reached, in words: the server's `priceBasis` (what set it), and "as listed" once sent. */
export const channelPriceWords = {
  /** Publishing stores the price it sent: a live (ended, sold) listing keeps it whatever the rule says now. */
  listed: 'as listed',
  heading: 'Price on each marketplace',
} as const;

/**
 * What each marketplace the item has a listing on gets for it: the price the server's one `channelPrice`
 * sent in the item view, and what set it (decision 121: the seller's price, the AI's suggestion, the price list, the
 * comparables, a rule over it). Nothing while no listing has a price.
 */
export function ItemChannelPrices({ listings }: { listings: readonly ChannelListingView[] }) {
  const priced = listings.filter((listing) => listing.price);
  if (!priced.length) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="channel-prices">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{channelPriceWords.heading}</h4>
      <ul className="flex flex-wrap gap-1.5">
        {priced.map(({ channel, status, price, priceBasis }) => (
          <li
            key={channel}
            className="inline-flex items-baseline gap-1.5 rounded-lg bg-slate-50 px-2.5 py-1 text-sm ring-1 ring-slate-200"
            data-testid={`channel-price-${channel}`}
          >
            <span className="font-medium text-slate-700">{channelNames[channel]}</span>
            <span className="font-semibold tabular-nums text-slate-900">{formatMoney(money(price!.amountMinor, price!.currency))}</span>
            <span className="text-xs text-slate-500" data-testid="channel-price-basis">
              {[status === 'draft' || status === 'failed' ? null : channelPriceWords.listed, priceBasis].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
