import type { ListedItem } from '@shared/contracts/items';
import type { Money } from '@shared/domain/money';

/**
 * The price a card shows: the server's price of the item (its one price function: the seller's asking price, else the
 * AI's, else their price list), else, for an item priced only where it is listed (an import), its first listing's;
 * null when nothing prices it yet. The web orders no prices of its own.
 */
export function cardPriceOf(item: Pick<ListedItem, 'price' | 'listings'>): Money | null {
  return item.price ?? item.listings.find((listing) => listing.price)?.price ?? null;
}
