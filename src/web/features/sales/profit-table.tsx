import { formatNumber } from '@shared/domain/display-format';

import type { ProfitMonth } from '@shared/contracts/profit';
import { formatMoney, type Money } from '@shared/domain/money';
import { WideTable } from '@/components/wide-table';
import { monthLabel } from './month-label';
import { profitFlags, profitPending } from './profit-flags';

const days = (value: number | null) => (value === null ? '–' : formatNumber(value, 1));

/** The months as a table on wider screens and as one card a month on a phone; newest first. */
export function ProfitTable({ months }: { months: ProfitMonth[] }) {
  return (
    <>
      <WideTable
        testId="profit-table"
        head={
          <>
            <th scope="col" className="px-4 py-3">
              Month
            </th>
            {['Sold', 'Revenue', 'Fees', 'Shipping', 'Cost', 'Profit', 'Avg. days to sell'].map((label) => (
              <th key={label} scope="col" className="px-4 py-3 text-right">
                {label}
              </th>
            ))}
          </>
        }
      >
        {months.map((m) => {
          const flags = profitFlags(m);
          const money = (value: Money) => formatMoney(value);
          return (
            <tr key={`${m.month}-${m.currency}`} data-testid="profit-row" data-month={m.month} className="align-top">
              <th scope="row" className="px-4 py-3 text-left font-semibold text-slate-900">
                {monthLabel(m.month)}
                {flags.map((flag) => (
                  <span key={flag} className="mt-1 block text-xs font-normal text-amber-800">
                    {flag}
                  </span>
                ))}
              </th>
              <td className="px-4 py-3 text-right tabular-nums">{m.sold}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(m.revenue)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(m.fees)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(m.shippingCost)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{money(m.cost)}</td>
              <td className="px-4 py-3 text-right font-semibold tabular-nums">
                <MonthProfit month={m} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{days(m.averageDaysToSell)}</td>
            </tr>
          );
        })}
      </WideTable>
      <ul className="flex flex-col gap-3 md:hidden" data-testid="profit-cards">
        {months.map((m) => {
          const money = (value: Money) => formatMoney(value);
          return (
            <li
              key={`${m.month}-${m.currency}`}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="profit-card"
              data-month={m.month}
            >
              <div className="flex items-baseline justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{monthLabel(m.month)}</h3>
                <p className="text-lg font-bold tabular-nums">
                  <MonthProfit month={m} />
                </p>
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                {(
                  [
                    ['Sold', String(m.sold)],
                    ['Revenue', money(m.revenue)],
                    ['Fees', money(m.fees)],
                    ['Shipping', money(m.shippingCost)],
                    ['Cost', money(m.cost)],
                    ['Avg. days to sell', days(m.averageDaysToSell)],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-2">
                    <dt className="text-slate-500">{label}</dt>
                    <dd className="tabular-nums text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
              {profitFlags(m).map((flag) => (
                <p key={flag} className="mt-2 text-xs text-amber-800">
                  {flag}
                </p>
              ))}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * The month's profit: red below zero, green above, and "pending" while no sale of it has a known profit; "incl.
 * estimates" under it when a sale's profit counts an estimated fee or shipping cost (decision 127).
 */
function MonthProfit({ month }: { month: ProfitMonth }) {
  if (profitPending(month))
    return (
      <span className="font-medium italic text-slate-500" data-testid="month-profit">
        pending
      </span>
    );
  const profit = month.profit.amountMinor;
  const tone = profit < 0 ? 'text-red-700' : profit > 0 ? 'text-emerald-700' : 'text-slate-700';
  return (
    <>
      <span className={tone} data-testid="month-profit">
        {formatMoney(month.profit)}
      </span>
      {month.profitEstimated > 0 && (
        <span className="block text-xs font-normal text-slate-500" data-testid="month-profit-estimated">
          incl. estimates
        </span>
      )}
    </>
  );
}
