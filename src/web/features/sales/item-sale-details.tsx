import { formatDay } from '@shared/domain/display-format';

import type { SaleFigures } from '@shared/contracts/profit';
import { formatMoney, multiplyMoney, type Money } from '@shared/domain/money';
import { channelLabel } from '@shared/domain/sales';
import { cn } from '@/lib/cn';
import { feesBasisWords } from './profit-flags';
import { SaleShippingCostField } from './sale-shipping-cost-field';

const soldOn = (sale: SaleFigures) => formatDay(sale.soldAt, { year: true });

/** Why a sale's profit is not known: its fees (no schedule to estimate them by) or the item's cost (never counted as free). */
export function unknownProfitReason(sale: SaleFigures, cost: Money | null): string {
  if (sale.fees === null && sale.feesEstimate === null) return 'fees pending';
  if (cost === null) return 'enter the cost to see it';
  return 'not known';
}

/** What the profit counts as an estimate, in words: "published fees and your usual shipping". */
function estimatedWords(sale: SaleFigures): string {
  return [
    sale.feesEstimated ? feesBasisWords(sale.feesEstimateBasis) : null,
    sale.shippingCostEstimated
      ? sale.shippingCostEstimateBasis === 'usual'
        ? 'your usual shipping'
        : 'the shipping the buyer paid as your postage'
      : null,
  ]
    .filter(Boolean)
    .join(' and ');
}

/**
 * One sale of the item: what the buyer paid, the marketplace's fees (or "fees pending"), the seller's shipping cost
 * and the profit; beside an actual fee or shipping cost, the estimate the plan counted, and where the profit counts an
 * estimate in their place, said so (decision 127).
 */
export function ItemSaleDetails({ sale, cost }: { sale: SaleFigures; cost: Money | null }) {
  const money = (value: Money) => formatMoney(value);
  const units = sale.quantity === 1 ? '' : ` · ${sale.quantity} units`;
  const marketplace = channelLabel(sale.channel);
  return (
    <li className="rounded-xl border border-slate-200 p-3" data-testid="item-sale" data-order={sale.orderId}>
      <p className="font-semibold text-slate-900">
        Sold on {marketplace} · {soldOn(sale)}
        {units}
      </p>
      {sale.cancelledAt ? (
        <p className="mt-1 text-sm text-slate-600">Cancelled by the buyer or {marketplace}: it counts for nothing.</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-slate-500">Price</dt>
            <dd className="text-right tabular-nums">{money(sale.price)}</dd>
            <dt className="text-slate-500">Shipping charged</dt>
            <dd className="text-right tabular-nums">{money(sale.shippingCharged)}</dd>
            <dt className="text-slate-500">Fees</dt>
            <dd className="text-right tabular-nums">
              <span className={cn(sale.fees === null && 'text-amber-800')} data-testid="sale-fees">
                {sale.fees === null ? 'fees pending' : money(sale.fees)}
              </span>
              {sale.feesEstimate && (
                <span className="block text-xs text-slate-500" data-testid="sale-fees-estimate">
                  {sale.feesEstimated ? 'counted: ' : ''}est. {money(sale.feesEstimate)} ({feesBasisWords(sale.feesEstimateBasis)})
                </span>
              )}
            </dd>
            <dt className="text-slate-500">Cost</dt>
            <dd className={cn('text-right tabular-nums', cost === null && 'text-amber-800')}>
              {cost === null ? 'not entered' : money(multiplyMoney(cost, sale.quantity))}
            </dd>
          </dl>
          <div className="mt-3 flex flex-wrap items-end justify-between gap-3 text-sm">
            <div className="flex flex-col gap-1">
              <SaleShippingCostField key={`${sale.id}-${sale.shippingCost?.amountMinor ?? ''}`} sale={sale} />
              <ShippingEstimate sale={sale} />
            </div>
            <p className="text-right" data-testid="sale-profit">
              <span className="block text-slate-500">Profit</span>
              {sale.profit === null ? (
                <span className="font-semibold text-amber-800">{unknownProfitReason(sale, cost)}</span>
              ) : (
                <span className={cn('text-lg font-bold tabular-nums', sale.profit.amountMinor < 0 ? 'text-red-700' : 'text-emerald-700')}>
                  {money(sale.profit)}
                </span>
              )}
              {sale.profit !== null && sale.profitEstimated && (
                <span className="block text-xs text-slate-500" data-testid="sale-profit-estimated">
                  estimated: counts {estimatedWords(sale)}
                </span>
              )}
            </p>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The usual shipping cost beside the one entered (when there is one), or what is counted in its place (an estimate):
 * the usual one, else the shipping the buyer paid (decision 182).
 */
function ShippingEstimate({ sale }: { sale: SaleFigures }) {
  const estimate = sale.shippingCostEstimate;
  const usual = sale.shippingCostEstimateBasis === 'usual' ? estimate : null;
  const words = sale.shippingCostEstimated
    ? usual
      ? `counted: usual ${formatMoney(usual)} (estimated)`
      : estimate && estimate.amountMinor > 0
        ? `none entered: counted as the ${formatMoney(estimate)} the buyer paid (estimated)`
        : 'none entered: counted as none'
    : usual
      ? `usual ${formatMoney(usual)}`
      : null;
  if (!words) return null;
  return (
    <span className="text-xs text-slate-500" data-testid="sale-shipping-estimate">
      {words}
    </span>
  );
}
