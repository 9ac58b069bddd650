import { assistedSiteFor } from './assisted/sites';
import { channels, isAssistedChannel, type Channel } from './channel-listing';

/**
 * Which marketplaces serve a seller in a country: a marketplace that does not is not offered to them (the
 * pickers, the Marketplaces screen, the profit floor per channel). One rule, read by the server and the browser.
 *
 * - eBay: every seller country has its eBay marketplace (seller-region.ts: EBAY_US, GB, DE, FR, IT, ES, CA, AU).
 * - Etsy and Shopify: the seller's own shop, priced in the shop's currency (decision 106), wherever the seller is.
 * - The assisted marketplaces: where they have a site for the seller's country (assisted/sites.ts, with the sources of
 *   the countries left out): Mercari in the US only, Poshmark in the US and Canada, Vinted on its European sites and
 *   in the US, Depop in the US and the UK, Grailed everywhere (one site, US dollars).
 */
export function servesSellerIn(channel: Channel, country: string): boolean {
  return isAssistedChannel(channel) ? assistedSiteFor(channel, country) !== null : true;
}

/** The marketplaces offered to a seller in `country`, in the app's order. */
export const channelsServing = (country: string): Channel[] => channels.filter((channel) => servesSellerIn(channel, country));
