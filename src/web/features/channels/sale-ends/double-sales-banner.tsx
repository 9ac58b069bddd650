import { saleEndsMessages } from '@shared/contracts/sale-ends';
import { useDoubleSales } from '@/entities/channels/use-sale-ends';
import { DoubleSaleOrders } from './double-sale-details';

export const doubleSalesBannerWords = { title: 'Sold twice: cancel one order of each' } as const;

/**
 * The dashboard's banner of double sales (decision 083): each item sold twice, with both orders to cancel one, until
 * the seller marks which one they cancelled. Nothing when there are none.
 */
export function DoubleSalesBanner() {
  const doubles = useDoubleSales();
  if (!doubles.data?.length) return null;
  return (
    <section
      aria-labelledby="double-sales-title"
      data-testid="double-sales-banner"
      className="rounded-2xl border border-red-300 bg-red-50 p-4"
    >
      <h2 id="double-sales-title" className="text-base font-semibold text-red-900">
        {doubleSalesBannerWords.title}
      </h2>
      <ul className="mt-2 flex flex-col gap-3">
        {doubles.data.map((double) => (
          <li key={double.itemId} className="flex flex-col gap-1.5">
            <p className="text-sm font-semibold text-red-900">
              {double.sku}
              {double.title ? ` · ${double.title}` : ''}: {saleEndsMessages.soldTwice(double.channels)}
            </p>
            <DoubleSaleOrders double={double} />
          </li>
        ))}
      </ul>
    </section>
  );
}
