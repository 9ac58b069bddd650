import { Card } from '../../components/card';
import { StoreIcon } from '../../components/icons';
import { ViewHeader } from '../../components/view-header';

/** eBay Integration. Connecting accounts and publishing come with the eBay publishing work. */
export function EbayView() {
  return (
    <div>
      <ViewHeader title="eBay Integration" subtitle="Connect your eBay seller account and publish ready listings." />
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-600">
          <StoreIcon className="size-7" />
        </span>
        <p className="text-base font-semibold text-slate-800">Connect eBay First</p>
        <p className="max-w-sm text-sm text-slate-500">
          Connecting an eBay account is not available in this version yet. Your items and listings are kept until it is.
        </p>
      </Card>
    </div>
  );
}
