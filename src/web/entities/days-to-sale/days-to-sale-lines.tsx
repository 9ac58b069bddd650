import type { DaysToSaleResponse } from '@shared/contracts/days-to-sale';
import { channelNames } from '@shared/domain/channel-listing';
import { useDaysToSale, type DaysToSaleFacts } from './use-days-to-sale';

export const daysToSaleText = {
  heading: 'Days to sale, predicted',
  loading: 'Reading your sales…',
  failed: 'Days to sale could not be read just now.',
} as const;

/**
 * The collapsed card's line (decisions 152, 168): the quickest marketplace the seller sells on now with a figure from
 * items like this one, "Sells in ~18 days on eBay", and what it rests on, "from 12 sales of Levi's Jeans on eBay";
 * nothing where none has one (the expanded card says why), so a new seller's cards stay short.
 */
export function daysToSaleLine(answer: DaysToSaleResponse): { line: string; from: string } | null {
  const quickest = answer.marketplaces
    .filter((m) => m.medianDays !== null && m.sellsThere && m.from)
    .sort((a, b) => a.medianDays! - b.medianDays!)[0];
  if (!quickest) return null;
  const days = quickest.medianDays!;
  return {
    line: `Sells ${days < 1 ? 'within a day' : `in ~${days} ${days === 1 ? 'day' : 'days'}`} on ${channelNames[quickest.channel]}`,
    from: quickest.from!,
  };
}

/** The collapsed card's days to sale and what it rests on; silent while it loads or fails (the expanded card says so). */
export function DaysToSaleLine({ itemId, facts }: { itemId: string; facts?: DaysToSaleFacts }) {
  const { data } = useDaysToSale(itemId, facts);
  const said = data && daysToSaleLine(data);
  if (!said) return null;
  return (
    <p className="text-xs text-slate-500" data-testid="days-to-sale-card">
      <span className="block font-medium text-slate-700" data-testid="days-to-sale-line">
        {said.line}
      </span>
      <span className="block" data-testid="days-to-sale-from">
        {said.from}
      </span>
    </p>
  );
}

/**
 * Days to sale, predicted per marketplace (decision 147), each line in the server's words: the figure and what it
 * rests on ("eBay: about 12 days (9 to 18), from your 48 sales of Jeans"), or why there is none.
 */
export function DaysToSaleLines({
  itemId,
  facts,
  className = 'px-3 pb-3',
}: {
  itemId: string;
  facts?: DaysToSaleFacts;
  className?: string;
}) {
  const { data, isPending, isError } = useDaysToSale(itemId, facts);
  return (
    <section className={className} aria-label={daysToSaleText.heading} data-testid="days-to-sale">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{daysToSaleText.heading}</h3>
      {isPending && <p className="text-xs text-slate-500">{daysToSaleText.loading}</p>}
      {isError && <p className="text-xs text-red-700">{daysToSaleText.failed}</p>}
      {data?.none && <p className="text-xs text-slate-600">{data.none}</p>}
      {data && data.marketplaces.length > 0 && (
        <ul className="mt-1 flex flex-col gap-0.5">
          {data.marketplaces.map((marketplace) => (
            <li
              key={marketplace.channel}
              className={marketplace.basis === 'none' ? 'text-xs text-slate-500' : 'text-sm text-slate-800'}
              data-channel={marketplace.channel}
              data-basis={marketplace.basis}
            >
              {marketplace.words}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
