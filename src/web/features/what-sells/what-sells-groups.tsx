import { formatNumber } from '@shared/domain/display-format';
import { formatMoney, type Money } from '@shared/domain/money';
import type { WhatSellsGroup } from '@shared/contracts/what-sells';
import { sameDayWords } from '@shared/domain/counted-days';
import { WideTable } from '@/components/wide-table';

/** The figures of a group in words, the same on the table, the cards and the chart. */
export const groupWords = {
  money: (value: Money | null) => (value === null ? '—' : formatMoney(value)),
  percent: (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`),
  // Under a day reads as the item's days to sale does ("within a day"), never "0.0 days".
  days: (value: number | null) => (value === null ? '—' : value < 1 ? 'within a day' : `${formatNumber(value, value < 10 ? 1 : 0)} days`),
  sold: (group: WhatSellsGroup) => `${formatNumber(group.sold)} of ${formatNumber(group.items)}`,
  hours: (minutes: number) => `${formatNumber(minutes / 60, minutes < 600 ? 1 : 0)} h`,
};

const sellThrough = (group: WhatSellsGroup) =>
  [group.sellThrough.within30, group.sellThrough.within60, group.sellThrough.within90].map(groupWords.percent).join(' / ');

function UnknownNote({ group }: { group: WhatSellsGroup }) {
  if (group.profitUnknown === 0) return null;
  return <span className="block text-xs font-normal text-amber-800">{group.profitUnknown} sold with no cost: left out</span>;
}

/** Profit per hour of the best groups as bars: which to buy more of reads at a glance. */
export function ProfitPerHourChart({ groups }: { groups: WhatSellsGroup[] }) {
  const shown = groups.filter((group) => group.profitPerHour !== null).slice(0, 8);
  if (shown.length < 2) return null;
  const largest = Math.max(...shown.map((group) => Math.abs(group.profitPerHour!.amountMinor)), 1);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="what-sells-chart">
      <figcaption className="mb-3 text-sm font-semibold text-slate-900">Profit per hour of your time</figcaption>
      <ul className="flex flex-col gap-2">
        {shown.map((group) => {
          const value = group.profitPerHour!.amountMinor;
          const width = `${Math.max(2, Math.round((Math.abs(value) / largest) * 100))}%`;
          return (
            <li
              key={`${group.currency} ${group.label}`}
              className="grid grid-cols-[7rem_1fr_auto] items-center gap-2 text-sm sm:grid-cols-[10rem_1fr_auto]"
            >
              <span className="truncate text-slate-700" title={group.label}>
                {group.label}
              </span>
              <span className="h-4 rounded bg-slate-100" aria-hidden="true">
                <span className={`block h-4 rounded ${value < 0 ? 'bg-red-400' : 'bg-emerald-500'}`} style={{ width }} />
              </span>
              <span className="text-right font-semibold tabular-nums text-slate-900">{groupWords.money(group.profitPerHour)}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** The groups as a table on a wide screen. */
export function GroupsTable({ groups, dimensionLabel }: { groups: WhatSellsGroup[]; dimensionLabel: string }) {
  return (
    <WideTable
      testId="what-sells-table"
      head={
        <>
          <th scope="col" className="px-3 py-2">
            {dimensionLabel}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Profit per hour
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Profit per item
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Per day tied up
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Sold
          </th>
          <th scope="col" className="px-3 py-2 text-right" title="Sold within 30, 60 and 90 days of going live">
            Sold in 30/60/90 days
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Median days to sale
          </th>
        </>
      }
    >
      {groups.map((group) => (
        <tr key={`${group.currency} ${group.label}`}>
          <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
            {group.label}
            <UnknownNote group={group} />
          </th>
          <td className="px-3 py-2 text-right font-semibold tabular-nums text-slate-900">{groupWords.money(group.profitPerHour)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{groupWords.money(group.profitPerItem)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{groupWords.money(group.profitPerDayTiedUp)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{groupWords.sold(group)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{sellThrough(group)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{groupWords.days(group.medianDaysToSale)}</td>
        </tr>
      ))}
    </WideTable>
  );
}

/** The groups as cards on a phone: the profit per hour first, the rest beneath. */
export function GroupCards({ groups }: { groups: WhatSellsGroup[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" data-testid="what-sells-cards">
      {groups.map((group) => (
        <li
          key={`${group.currency} ${group.label}`}
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="what-sells-card"
          aria-label={group.label}
        >
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 truncate text-base font-semibold text-slate-900">{group.label}</span>
            <span className="shrink-0 text-base font-bold tabular-nums text-emerald-700">
              {groupWords.money(group.profitPerHour)}
              <span className="text-xs font-medium text-slate-500"> / hour</span>
            </span>
          </div>
          <UnknownNote group={group} />
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Figure term="Sold" value={groupWords.sold(group)} />
            <Figure term="Median days to sale" value={groupWords.days(group.medianDaysToSale)} />
            <Figure term="Profit per item" value={groupWords.money(group.profitPerItem)} />
            <Figure term="Per day tied up" value={groupWords.money(group.profitPerDayTiedUp)} />
            <Figure term="Sold in 30/60/90 days" value={sellThrough(group)} />
            <Figure term="Your time" value={groupWords.hours(group.minutes)} />
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** How a day tied up is counted, said once under the groups (counted-days.ts). */
export function TiedUpNote() {
  return (
    <p className="text-xs text-slate-600" data-testid="tied-up-note">
      Per day tied up: the profit over the days each item’s cost was tied up, from buying it to its sale (or today). {sameDayWords}
    </p>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="font-medium tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
