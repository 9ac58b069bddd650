import type { ListedItem } from '@shared/contracts/items';
import type { Money } from '@shared/domain/money';

/**
 * The price a card shows (no card said what an item is asking): the seller's own asking price, else the
 * price its first listing gets (the server's `channelPrice`, eBay's first), else the AI's suggestion; null when
 * nothing prices it yet. Each in its own currency (the item's).
 */
export function cardPriceOf(item: Pick<ListedItem, 'askingPrice' | 'listings' | 'aiSuggestedPrice'>): Money | null {
  return item.askingPrice ?? item.listings.find((listing) => listing.price)?.price ?? item.aiSuggestedPrice ?? null;
}
