import { useDaysToSale } from './use-days-to-sale';

export const daysToSaleText = {
  heading: 'Days to sale, predicted',
  loading: 'Reading your sales…',
  failed: 'Days to sale could not be read just now.',
} as const;

/**
 * Days to sale, predicted per marketplace (decision 147), each line in the server's words: the figure and what it
 * rests on ("eBay: about 12 days (9 to 18), from your 48 sales of Jeans"), or why there is none.
 */
export function DaysToSaleLines({ itemId }: { itemId: string }) {
  const { data, isPending, isError } = useDaysToSale(itemId);
  return (
    <section className="px-3 pb-3" aria-label={daysToSaleText.heading} data-testid="days-to-sale">
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
