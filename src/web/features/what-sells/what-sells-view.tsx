import { useState } from 'react';
import { Link } from 'react-router';
import { whatSellsDimensions, type WhatSellsDimension } from '@shared/contracts/what-sells';
import { webPaths } from '@shared/contracts/web-paths';
import { DownloadIcon } from '@/components/icons';
import { ReadProgress } from '@/components/read-progress';
import { ViewHeader } from '@/components/view-header';
import { useWhatSells, whatSellsCsvPath } from './api/what-sells';
import { PastSalesImport } from './past-sales-import';
import { SellerTimeForm } from './seller-time-form';
import { SoldWithoutCost } from './sold-without-cost';
import { GroupCards, GroupsTable, ProfitPerHourChart, TiedUpNote } from './what-sells-groups';

export const dimensionLabels: Record<WhatSellsDimension, string> = {
  brand: 'Brand',
  category: 'Category',
  size: 'Size',
  source: 'Source',
  marketplace: 'Marketplace',
  'price-band': 'Price',
};

const buttonLink =
  'inline-flex h-11 items-center gap-2 rounded-xl bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * "What sells" (decision 149): what to buy more of. The seller's listed and sold items by brand, category,
 * size, source, marketplace or price, best profit per hour of their time first.
 */
export function WhatSellsView() {
  const [by, setBy] = useState<WhatSellsDimension>('brand');
  const answer = useWhatSells(by);
  const groups = answer.data?.groups ?? [];
  return (
    <div className="flex flex-col gap-5">
      <ViewHeader
        title="What sells"
        subtitle="What earns most per hour of your time, how fast it sells and what it earns per day your money is tied up."
        actions={
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <Link to={webPaths.profit} className={buttonLink}>
              Profit
            </Link>
            {groups.length > 0 && (
              <a href={whatSellsCsvPath(by)} download className={buttonLink}>
                <DownloadIcon className="size-5" /> Export CSV
              </a>
            )}
          </div>
        }
      />
      <div role="group" aria-label="Group by" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {whatSellsDimensions.map((dimension) => (
          <button
            key={dimension}
            type="button"
            aria-pressed={by === dimension}
            onClick={() => setBy(dimension)}
            className={`h-11 shrink-0 rounded-full px-4 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
              by === dimension ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {dimensionLabels[dimension]}
          </button>
        ))}
      </div>
      {!answer.isSuccess ? (
        <ReadProgress read={answer} loading="Loading what sells" failed="Could not load what sells" />
      ) : groups.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          Nothing listed or sold yet. Once your items go live and sell, this shows what earns most per hour of your time.
        </p>
      ) : (
        <>
          <ProfitPerHourChart groups={groups} />
          <GroupsTable groups={groups} dimensionLabel={dimensionLabels[by]} />
          <GroupCards groups={groups} />
          <TiedUpNote />
        </>
      )}
      <SoldWithoutCost />
      <PastSalesImport />
      {answer.data && <SellerTimeForm time={answer.data.sellerTime} />}
    </div>
  );
}
