import { useState } from 'react';
import type { ChannelListingView, ListedItem } from '@shared/contracts/items';
import { saleEndsMessages } from '@shared/contracts/sale-ends';
import { channelNames, isApiChannel, isSoldOut, type Channel } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { useToast } from '@/components/toast';
import { useEndNow } from '@/entities/channels/use-sale-ends';
import { DoubleSaleDetails } from './double-sale-details';

export const saleAlertWords = {
  endNow: 'End it now',
  openListing: (channel: Channel) => `Open on ${channelNames[channel]}`,
  ended: (channel: Channel) => `Ended on ${channelNames[channel]}.`,
  showOrders: 'Show both orders',
  hideOrders: 'Hide the orders',
} as const;

/**
 * A sold item's listing still live on an API channel because its end failed (the marketplace's words are its error):
 * the server retries it with back-off; the seller sees it until it ends (decision 083).
 */
export const stillLiveListings = (item: Pick<ListedItem, 'listings'>): ChannelListingView[] =>
  isSoldOut(item.listings)
    ? item.listings.filter((listing) => isApiChannel(listing.channel) && listing.status === 'live' && listing.error)
    : [];

/**
 * What a sale left for the seller to do, on the card and the item screen: "Still live on Etsy: end it now" with the
 * listing's link and a button that tries the end now, and "Sold twice: on eBay and on Etsy" with both orders.
 */
export function SaleAlerts({ item }: { item: ListedItem }) {
  const stillLive = stillLiveListings(item);
  const soldTwice = item.sale?.doubleSale;
  if (!stillLive.length && !soldTwice) return null;
  return (
    <div className="flex flex-col gap-2">
      {stillLive.map((listing) => (
        <StillLive key={listing.channel} itemId={item.id} listing={listing} />
      ))}
      {soldTwice && <SoldTwice itemId={item.id} channels={soldTwice} />}
    </div>
  );
}

function StillLive({ itemId, listing }: { itemId: string; listing: ChannelListingView }) {
  const notify = useToast();
  const endNow = useEndNow({
    onSuccess: (answer) =>
      answer.stillLive.includes(listing.channel)
        ? notify('error', saleEndsMessages.endNowFailed)
        : notify('success', saleAlertWords.ended(listing.channel)),
    onError: () => notify('error', saleEndsMessages.endNowFailed),
  });
  const retry = () => endNow.mutate(itemId);
  return (
    <div role="alert" data-testid="still-live" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">{saleEndsMessages.stillLive(listing.channel)}</p>
      {listing.error && <p className="mt-0.5 break-words text-xs text-amber-800">{listing.error}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button size="sm" variant="danger" loading={endNow.isPending} onClick={retry}>
          {saleAlertWords.endNow}
        </Button>
        {listing.url && (
          <a
            href={listing.url}
            target="_blank"
            rel="noreferrer"
            className="touch-hit inline-flex h-9 items-center rounded-lg px-2 text-sm font-semibold text-amber-900 underline"
          >
            {saleAlertWords.openListing(listing.channel)}
          </a>
        )}
      </div>
    </div>
  );
}

function SoldTwice({ itemId, channels }: { itemId: string; channels: Channel[] }) {
  const [open, setOpen] = useState(false);
  const detailsId = `double-sale-${itemId}`;
  return (
    <div role="alert" data-testid="sold-twice" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{saleEndsMessages.soldTwice(channels)}</p>
      <p className="mt-0.5 text-xs text-red-800">{saleEndsMessages.soldTwiceHelp(channels)}</p>
      <Button size="sm" variant="secondary" className="mt-2" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        {open ? saleAlertWords.hideOrders : saleAlertWords.showOrders}
      </Button>
      {open && (
        <div id={detailsId} className="mt-2">
          <DoubleSaleDetails itemId={itemId} />
        </div>
      )}
    </div>
  );
}
