import type { ListedItem } from '@shared/contracts/items';
import { cardPublishStateOf } from '@shared/contracts/marketplace-registry';
import type { PublishState } from '@shared/contracts/marketplace-traits';
import { isSoldOut, listingChangeMessages } from '@shared/domain/channel-listing';
import { RasterIcon } from '@/components/raster-icon';
import { Spinner } from '@/components/spinner';
import { soldLabel } from '@shared/domain/sales';
import { cn } from '@/lib/cn';

const base = 'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset';

/**
 * The item's listing state on the marketplace whose publish state is the card's status (`name`, "eBay"): Publishing...,
 * Published, Failed; a live listing's change on its way (Updating on eBay..., Ending on eBay..., Relisting on eBay...)
 * and Ended; nothing when never sent. Sold out: what it sold for, when and where; a listing with more left says how
 * many sold so far.
 */
export function ItemPublishBadge({
  publish,
  name,
  sale = null,
}: {
  publish: PublishState | null;
  name: string;
  sale?: ListedItem['sale'];
}) {
  if (!publish?.status) return null;
  if (publish.status === 'sold') return <ItemSoldBadge sale={sale} />;
  if (publish.status === 'publishing' || publish.change) {
    const words = publish.change ? `${listingChangeMessages.progress[publish.change]} ${name}...` : 'Publishing...';
    return (
      <span
        className={cn(base, 'bg-sky-50 text-sky-700 ring-sky-200')}
        data-testid={publish.change ? 'badge-listing-change' : 'badge-publishing'}
      >
        <Spinner className="size-3.5" /> {words}
      </span>
    );
  }
  if (publish.status === 'published') {
    return (
      <span className={cn(base, 'bg-emerald-50 text-emerald-800 ring-emerald-300')} data-testid="badge-published">
        <RasterIcon name="check-emerald-800" className="size-3.5" /> Published
        {sale && <span data-testid="badge-sold-count">· {sale.quantity} sold</span>}
      </span>
    );
  }
  if (publish.status === 'ended') {
    return (
      <span className={cn(base, 'bg-slate-100 text-slate-700 ring-slate-300')} data-testid="badge-ended">
        <RasterIcon name="clock-slate-700" className="size-3.5" /> {`Ended on ${name}`}
      </span>
    );
  }
  return (
    <span className={cn(base, 'bg-red-50 text-red-700 ring-red-200')} data-testid="badge-publish-failed">
      <RasterIcon name="alertTriangle-red-700" className="size-3.5" /> {`${name}: Failed`}
    </span>
  );
}

/** Sold out: what it sold for, when and where (on any channel). */
export function ItemSoldBadge({ sale }: { sale: ListedItem['sale'] }) {
  return (
    <span className={cn(base, 'bg-violet-50 text-violet-800 ring-violet-300')} data-testid="badge-sold">
      {sale ? soldLabel(sale) : 'Sold'}
    </span>
  );
}

/**
 * A sold item's listing still live (its end queued, retried or refused; decision 083): amber, as the notice
 * "Still live on eBay: end it now" under the card, never "Published".
 */
export function StillLiveBadge({ listingUrl, name }: { listingUrl: string | null; name: string }) {
  const className = cn(base, 'bg-amber-100 text-amber-900 ring-amber-400');
  return listingUrl ? (
    <a href={listingUrl} target="_blank" rel="noreferrer" className={cn(className, 'hover:bg-amber-200')} data-testid="badge-still-live">
      {`Still live on ${name}`}
    </a>
  ) : (
    <span className={className} data-testid="badge-still-live">
      {`Still live on ${name}`}
    </span>
  );
}

/**
 * The item's state on the seller's cards (decision 173): sold out on another channel shows as sold, beside what became
 * of the listing whose publish state is the card's status (Ended on eBay, or Still live on eBay while its end is on
 * its way); otherwise that listing's state (ItemPublishBadge).
 */
export function ItemListingStateBadges({ item }: { item: Pick<ListedItem, 'sale' | 'listings'> }) {
  const card = cardPublishStateOf(item);
  const publish = card?.state ?? null;
  const name = card?.name ?? '';
  if (isSoldOut(item.listings) && publish?.status !== 'sold') {
    return (
      <>
        <ItemSoldBadge sale={item.sale} />
        {publish?.status === 'published' && !publish.change ? (
          <StillLiveBadge listingUrl={publish.listingUrl} name={name} />
        ) : (
          <ItemPublishBadge publish={publish} name={name} sale={item.sale} />
        )}
      </>
    );
  }
  return <ItemPublishBadge publish={publish} name={name} sale={item.sale} />;
}
