import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { webPaths as paths } from '@shared/contracts/web-paths';
import { profitPaths, type ProfitMonth } from '@shared/contracts/profit';
import { DownloadIcon } from '@/components/icons';
import { ReadProgress } from '@/components/read-progress';
import { ViewHeader } from '@/components/view-header';
import { browserTimeZone, useProfitMonths } from './api/profit';
import { ProfitChart } from './profit-chart';
import { ProfitFloorSettingsForm } from './profit-floor-settings';
import { ProfitTable } from './profit-table';

/** The currency most sales were in: the chart draws one currency. */
function mainCurrency(months: ProfitMonth[]): string | null {
  const sales = new Map<string, number>();
  for (const m of months) sales.set(m.currency, (sales.get(m.currency) ?? 0) + m.sales);
  return [...sales].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * The Profit view: sold items by month in the seller's time zone, as a chart and a table, with the CSV
 * export. Cancelled sales are left out; what a month’s profit leaves out (fees not known, no cost) or estimates is said beside it.
 * `sellingRules`: the channels' rules bounded by the profit floor (offers to eBay's buyers), composed by app/.
 */
export function ProfitView({ sellingRules }: { sellingRules?: ReactNode }) {
  const timeZone = useMemo(browserTimeZone, []);
  const profit = useProfitMonths(timeZone);
  const months = profit.data?.months ?? [];
  const currency = mainCurrency(months);
  const currencies = new Set(months.map((m) => m.currency));

  return (
    <div className="flex flex-col gap-5">
      <ViewHeader
        title="Profit"
        subtitle="Sold items by month: revenue, fees, cost and profit. Profit = price + shipping charged − fees − shipping cost − cost."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link
              to={paths.sellingPlan}
              className="inline-flex h-11 items-center gap-2 rounded-xl bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              This week’s plan
            </Link>
            <Link
              to={paths.agingStock}
              className="inline-flex h-11 items-center rounded-xl bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Aging stock
            </Link>
            <Link
              to={paths.whatSells}
              className="inline-flex h-11 items-center rounded-xl bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              What sells
            </Link>
            {months.length > 0 && (
              <a
                href={profitPaths.csv(timeZone)}
                download
                className="inline-flex h-11 items-center gap-2 rounded-xl bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <DownloadIcon className="size-5" /> Export CSV
              </a>
            )}
          </div>
        }
      />
      <ProfitFloorSettingsForm />
      {sellingRules}
      {!profit.isSuccess ? (
        <ReadProgress read={profit} loading="Loading profit" failed="Could not load the profit" />
      ) : months.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center" data-testid="profit-empty">
          <p className="font-semibold text-slate-900">No sales yet</p>
          <p className="mt-1 text-sm text-slate-500">Items sold show here by month once a check for sales finds them.</p>
        </div>
      ) : (
        <>
          {currency && (
            <section aria-labelledby="profit-chart-heading" className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
              <h2 id="profit-chart-heading" className="mb-3 text-base font-semibold text-slate-900">
                By month{currencies.size > 1 ? ` (${currency})` : ''}
              </h2>
              <ProfitChart months={months} currency={currency} />
            </section>
          )}
          <section aria-label="Profit by month">
            <ProfitTable months={months} />
          </section>
        </>
      )}
    </div>
  );
}
