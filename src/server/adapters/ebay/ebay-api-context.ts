import type { EbayHosts } from './ebay-hosts';
import type { EbayHttp } from './ebay-http';

/** What every API area needs: the transport, the hosts, and the application token for app-level calls. */
export interface EbayApiContext {
  http: EbayHttp;
  hosts: EbayHosts;
  /** The cached application token (client_credentials), for Taxonomy and Metadata. */
  applicationToken: () => Promise<string>;
}

/** The marketplace we sell on, and the language of our listing text (Inventory writes require it). */
export const EBAY_US = 'EBAY_US';
export const CONTENT_LANGUAGE = 'en-US';
