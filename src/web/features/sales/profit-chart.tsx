import { formatMoney, formatWholeMoney, money, sumMoney } from '@shared/domain/money';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProfitMonth } from '@shared/contracts/profit';
import { monthLabel } from './month-label';

/** Revenue, fees and costs, and profit per month (oldest first), in one currency. */
export function ProfitChart({ months, currency }: { months: ProfitMonth[]; currency: string }) {
  const data = months
    .filter((m) => m.currency === currency)
    .map((m) => ({
      month: monthLabel(m.month, 'short'),
      // The bars' heights in minor units (integers); every label is formatted from them.
      Revenue: m.revenue.amountMinor,
      'Fees and costs': sumMoney([m.fees, m.shippingCost, m.cost], m.currency).amountMinor,
      Profit: m.profit.amountMinor,
    }))
    .reverse();
  const label = (value: unknown) => formatMoney(money(Number(value), currency));
  return (
    <figure
      className="h-72 w-full sm:h-80"
      aria-label={`Revenue, fees and costs, and profit by month in ${currency}`}
      data-testid="profit-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="month" tick={{ fontSize: 12, fill: '#475569' }} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} />
          <YAxis
            width={56}
            allowDecimals={false}
            tick={{ fontSize: 12, fill: '#475569' }}
            tickLine={false}
            axisLine={false}
            tickFormatter={(value: number) => axisLabel(value, currency)}
          />
          <Tooltip formatter={label} cursor={{ fill: '#f1f5f9' }} />
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
          <Bar dataKey="Revenue" fill="#6366f1" radius={[4, 4, 0, 0]} />
          <Bar dataKey="Fees and costs" fill="#f59e0b" radius={[4, 4, 0, 0]} />
          <Bar dataKey="Profit" fill="#059669" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** An axis tick: whole amounts without their zero cents ("£40", "40 €", not "£40.00"), in the seller's locale. */
const axisLabel = (valueMinor: number, currency: string) =>
  Number.isSafeInteger(valueMinor) ? formatWholeMoney(money(valueMinor, currency)) : '';
