import { sellerRegionOfEbayMarketplace } from '@shared/domain/seller-region';
import type { EbayHosts } from './ebay-hosts';
import type { EbayFetch } from './ebay-http';

/** What every API area needs: the transport, the hosts, and the application token for app-level calls. */
export interface EbayApiContext {
  fetch: EbayFetch;
  hosts: EbayHosts;
  /**
   * Runs an application-token call (Taxonomy, Metadata) with the cached token; when eBay refuses that token (401,
   * for example revoked early), fetches a new one and tries once more.
   */
  withApplicationToken: <T>(call: (accessToken: string) => Promise<T>) => Promise<T>;
}

/** The marketplace of a seller who has not said another, and the language of its listing text. */
export const EBAY_US = 'EBAY_US';
export const CONTENT_LANGUAGE = 'en-US';

/**
 * The language headers of a call on a marketplace (decision 102): our listing text is in the marketplace's language
 * (Content-Language, which Inventory writes require, else 25709) and eBay answers in it (Accept-Language).
 */
export function marketplaceLanguage(marketplaceId: string | null | undefined): string {
  return sellerRegionOfEbayMarketplace(marketplaceId)?.locale ?? CONTENT_LANGUAGE;
}

/**
 * What an Inventory write in a marketplace's language sends: Content-Language and Content-Type, the header
 * parameters its document requires, and Accept-Language, which the document does not list (eBay answers in it).
 */
export function writtenIn(marketplaceId: string | null | undefined) {
  const language = marketplaceLanguage(marketplaceId);
  return {
    header: { 'Content-Language': language, 'Content-Type': 'application/json' },
    headers: { 'accept-language': language },
  };
}
