import { isSellerMarketplaceId, sellerMarketplace } from '@shared/domain/ebay-sites';
import type { PreflightRule } from './rule';

/** What the seller reads when the listing's money is not in the marketplace's currency. */
export const ebayCurrencyMessages = {
  otherPrice: (price: string, site: string, currency: string) =>
    `This listing's price is in ${price} and ${site} takes ${currency}: set its price in ${currency} in Publish Settings.`,
  otherItem: (item: string, site: string, currency: string) =>
    `This item is counted in ${item} and ${site} takes ${currency}: prices are never converted, so it cannot be listed on ${site}. Add it again as a new item to price it in ${currency}.`,
} as const;

/**
 * The price in the marketplace's currency (createOffer's pricingSummary.price takes the marketplace's currency only;
 * the fake refuses another with 25003, as eBay does): the item's currency, and the price the listing would go out at.
 * A red pre-flight before any publish, never a refusal after it.
 */
export const currencyRule: PreflightRule = ({ listing }) => {
  const marketplaceId = listing.marketplaceId ?? 'EBAY_US';
  if (!isSellerMarketplaceId(marketplaceId)) return [];
  const { currency, name } = sellerMarketplace(marketplaceId);
  if (listing.itemCurrency && listing.itemCurrency !== currency) {
    return [{ field: 'price', message: ebayCurrencyMessages.otherItem(listing.itemCurrency, name, currency) }];
  }
  if (listing.price && listing.price.currency !== currency) {
    return [{ field: 'price', message: ebayCurrencyMessages.otherPrice(listing.price.currency, name, currency) }];
  }
  return [];
};
