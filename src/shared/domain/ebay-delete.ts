import { ebayPublishStateOf } from '../contracts/ebay-listing';
import type { ListedItem } from '../contracts/items';

/** Deleting products that are live on eBay: what the seller is told before and after. */

/** Whether the item has a listing on eBay that deleting it must end (its eBay entry in `listings` has a link). */
export const liveOnEbay = (item: Pick<ListedItem, 'listings'>) => Boolean(ebayPublishStateOf(item)?.listingUrl);

export const ebayDeleteMessages = {
  /** Added to the confirmation of one product. */
  endsListing: 'Its eBay listing will be ended first.',
  /** Added to the bulk confirmation: how many of the selected are live on eBay. */
  endsListings: (live: number, selected: number) =>
    live === selected && selected > 1
      ? `All ${live} are live on eBay: their listings will be ended first.`
      : live === 1
        ? `1 of them is live on eBay: its listing will be ended first.`
        : `${live} of them are live on eBay: their listings will be ended first.`,
  refused: (sku: string, words: string) => `${sku} was kept: eBay did not end its listing (${words}).`,
  unreachable: (sku: string) => `${sku} was kept: eBay could not be reached to end its listing. Try again in a few minutes.`,
  notConnected: (sku: string, reason: string) => `${sku} was kept: its eBay listing could not be ended (${reason}).`,
  publishing: (sku: string) => `${sku} was kept: it is being published to eBay. Delete it when publishing has finished.`,
} as const;
