/**
 * Our typed eBay REST client (no SDK): one object per API area over one transport, the application token cached
 * across them. User-token calls take the seller's access token as their first argument; keeping it fresh (and
 * stored encrypted) is the caller's job: the eBay account's token keeper (channels/oauth/token-keeper.ts).
 */
import { createAccountApi } from './account-api';
import { createBrowseApi } from './browse-api';
import { EbayApiError } from './ebay-api-error';
import type { EbayApiContext } from './ebay-api-context';
import { ebayHosts, ebayListingUrl, type EbayEnvironment, type EbayHosts } from './ebay-hosts';
import { createEbayFetch } from './ebay-http';
import {
  createApplicationTokenCache,
  ebayConsentUrl,
  exchangeAuthorizationCode,
  refreshUserAccessToken,
  type EbayKeyset,
  type EbayOAuthContext,
} from './ebay-oauth';
import { createIdentityApi } from './identity-api';
import { createInventoryItemsApi } from './inventory-items-api';
import { createInventoryLocationsApi } from './inventory-locations-api';
import { createMediaApi } from './media-api';
import { createMetadataApi } from './metadata-api';
import { createNotificationApi } from './notification-api';
import { createFinancesApi } from './finances-api';
import { createNegotiationApi } from './negotiation-api';
import { createAnalyticsApi } from './analytics-api';
import { createFulfillmentApi } from './fulfillment-api';
import { createOffersApi } from './offers-api';
import { createTaxonomyApi } from './taxonomy-api';

export interface EbayClientOptions {
  environment: EbayEnvironment;
  keyset: EbayKeyset;
  /** Host overrides (tests point every host at the fake). */
  hosts?: Partial<EbayHosts>;
  fetch?: typeof fetch;
  /** Where a published listing is seen, when not on eBay's site (the simulated eBay's own view page). */
  listingUrl?: (listingId: string) => string;
  timeoutMs?: number;
  now?: () => number;
}

export function createEbayClient(options: EbayClientOptions) {
  const hosts = ebayHosts(options.environment, options.hosts);
  const oauthContext: EbayOAuthContext = { hosts, keyset: options.keyset, fetch: options.fetch, now: options.now };
  const appToken = createApplicationTokenCache(oauthContext);
  const context: EbayApiContext = {
    fetch: createEbayFetch({ fetch: options.fetch, timeoutMs: options.timeoutMs }),
    hosts,
    async withApplicationToken(call) {
      try {
        return await call(await appToken.get());
      } catch (error) {
        if (!(error instanceof EbayApiError) || error.httpStatus !== 401) throw error;
        appToken.clear();
        return call(await appToken.get());
      }
    },
  };
  return {
    environment: options.environment,
    hosts,
    oauth: {
      consentUrl: (state: string, opts: { scopes?: readonly string[]; promptLogin?: boolean } = {}) =>
        ebayConsentUrl(hosts, options.keyset, { state, ...opts }),
      exchangeCode: (code: string, state?: string) => exchangeAuthorizationCode(oauthContext, code, state),
      refresh: (refreshToken: string, scopes?: readonly string[]) => refreshUserAccessToken(oauthContext, refreshToken, scopes),
      applicationToken: appToken,
    },
    identity: createIdentityApi(context),
    account: createAccountApi(context),
    locations: createInventoryLocationsApi(context),
    inventory: createInventoryItemsApi(context),
    offers: createOffersApi(context),
    media: createMediaApi(context),
    taxonomy: createTaxonomyApi(context),
    metadata: createMetadataApi(context),
    notification: createNotificationApi(context),
    fulfillment: createFulfillmentApi(context),
    finances: createFinancesApi(context),
    negotiation: createNegotiationApi(context),
    analytics: createAnalyticsApi(context),
    browse: createBrowseApi(context),
    listingUrl: (listingId: string) => options.listingUrl?.(listingId) ?? ebayListingUrl(options.environment, listingId),
  };
}

export type EbayClient = ReturnType<typeof createEbayClient>;
