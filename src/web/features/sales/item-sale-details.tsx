import type { SaleFigures } from '@shared/contracts/profit';
import { formatMoney, multiplyMoney, type Money } from '@shared/domain/money';
import { channelLabel } from '@shared/domain/sales';
import { cn } from '../../lib/cn';
import { SaleShippingCostField } from './sale-shipping-cost-field';

const soldOn = (sale: SaleFigures) =>
  new Date(sale.soldAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Why a sale's profit is not known: its fees (never guessed) or the item's cost (never counted as free). */
export function unknownProfitReason(sale: SaleFigures, cost: Money | null): string {
  if (sale.fees === null) return 'fees pending';
  if (cost === null) return 'enter the cost to see it';
  return 'not known';
}

/** One sale of the item: what the buyer paid, eBay's fees (or "fees pending"), the seller's shipping cost, the profit. */
export function ItemSaleDetails({ sale, cost }: { sale: SaleFigures; cost: Money | null }) {
  const money = (value: Money) => formatMoney(value);
  const units = sale.quantity === 1 ? '' : ` · ${sale.quantity} units`;
  return (
    <li className="rounded-xl border border-slate-200 p-3" data-testid="item-sale" data-order={sale.orderId}>
      <p className="font-semibold text-slate-900">
        Sold on {channelLabel(sale.channel)} · {soldOn(sale)}
        {units}
      </p>
      {sale.cancelledAt ? (
        <p className="mt-1 text-sm text-slate-600">Cancelled by the buyer or eBay: it counts for nothing.</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-slate-500">Price</dt>
            <dd className="text-right tabular-nums">{money(sale.price)}</dd>
            <dt className="text-slate-500">Shipping charged</dt>
            <dd className="text-right tabular-nums">{money(sale.shippingCharged)}</dd>
            <dt className="text-slate-500">Fees</dt>
            <dd className={cn('text-right tabular-nums', sale.fees === null && 'text-amber-800')} data-testid="sale-fees">
              {sale.fees === null ? 'fees pending' : money(sale.fees)}
            </dd>
            <dt className="text-slate-500">Cost</dt>
            <dd className={cn('text-right tabular-nums', cost === null && 'text-amber-800')}>
              {cost === null ? 'not entered' : money(multiplyMoney(cost, sale.quantity))}
            </dd>
          </dl>
          <div className="mt-3 flex flex-wrap items-end justify-between gap-3 text-sm">
            <SaleShippingCostField key={`${sale.id}-${sale.shippingCost?.amountMinor ?? ''}`} sale={sale} />
            <p className="text-right" data-testid="sale-profit">
              <span className="block text-slate-500">Profit</span>
              {sale.profit === null ? (
                <span className="font-semibold text-amber-800">{unknownProfitReason(sale, cost)}</span>
              ) : (
                <span className={cn('text-lg font-bold tabular-nums', sale.profit.amountMinor < 0 ? 'text-red-700' : 'text-emerald-700')}>
                  {money(sale.profit)}
                </span>
              )}
            </p>
          </div>
        </>
      )}
    </li>
  );
}
