import type { EbayHosts } from './ebay-hosts';
import type { EbayHttp } from './ebay-http';

/** What every API area needs: the transport, the hosts, and the application token for app-level calls. */
export interface EbayApiContext {
  http: EbayHttp;
  hosts: EbayHosts;
  /**
   * Runs an application-token call (Taxonomy, Metadata) with the cached token; when eBay refuses that token (401,
   * for example revoked early), fetches a new one and tries once more.
   */
  withApplicationToken: <T>(call: (accessToken: string) => Promise<T>) => Promise<T>;
}

/** The marketplace we sell on, and the language of our listing text (Inventory writes require it). */
export const EBAY_US = 'EBAY_US';
export const CONTENT_LANGUAGE = 'en-US';
