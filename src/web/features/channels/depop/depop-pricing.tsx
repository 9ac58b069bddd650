import { useQuery } from '@tanstack/react-query';
import { depopPricingApi, type DepopPricing } from '@shared/contracts/depop';
import { formatMoney } from '@shared/domain/money';
import { callRoute } from '@/lib/route-client';

export const depopPricingView = {
  heading: 'What Depop predicts',
  range: (pricing: DepopPricing) =>
    pricing.low && pricing.high && pricing.balanced
      ? `${formatMoney(pricing.low)} to ${formatMoney(pricing.high)}, most likely ${formatMoney(pricing.balanced)}.`
      : null,
  sold: (count: number) => `${count} similar ${count === 1 ? 'item' : 'items'} sold on Depop:`,
  simulated: 'Simulated: the simulated Depop’s prices, not Depop’s.',
} as const;

/** GET /api/items/:id/depop-pricing, read again when the item changes (its Depop fields change the prediction). */
function useDepopPricing(itemId: string, updatedAt: string) {
  return useQuery({
    queryKey: ['depop', 'pricing', itemId, updatedAt],
    queryFn: ({ signal }) => callRoute(depopPricingApi.itemPricing, { params: { id: itemId }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Depop's pricing inspiration for the item: its predicted range and the similar items sold on Depop (its sold prices). */
export function DepopPricingGuide({ itemId, updatedAt }: { itemId: string; updatedAt: string }) {
  const pricing = useDepopPricing(itemId, updatedAt).data;
  if (!pricing) return null;
  const range = depopPricingView.range(pricing);
  return (
    <div
      className="flex flex-col gap-1 rounded-xl bg-slate-50 p-3"
      role="group"
      aria-label={depopPricingView.heading}
      data-testid="depop-pricing"
    >
      <p className="font-medium text-slate-800">{depopPricingView.heading}</p>
      {pricing.none ? <p className="text-slate-600">{pricing.none}</p> : range && <p className="text-slate-700">{range}</p>}
      {pricing.similarSold.length > 0 && (
        <>
          <p className="text-slate-600">{depopPricingView.sold(pricing.similarSold.length)}</p>
          <ul className="flex flex-wrap gap-2" aria-label="Sold on Depop">
            {pricing.similarSold.map((sold, index) => (
              <li key={index} className="rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
                {formatMoney(sold.soldPrice)}
                {sold.brand ? ` · ${sold.brand}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {pricing.simulated && !pricing.none && <p className="text-xs text-amber-800">{depopPricingView.simulated}</p>}
    </div>
  );
}
