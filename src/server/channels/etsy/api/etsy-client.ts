import { createOAuthClient, OAuthTokenError, OAuthUnreachableError, type OAuthTokens } from '../../oauth/oauth-client';
import type { components } from './generated/etsy';
import { EtsyApiError, EtsyUnreachableError, retryAfterSecondsOf } from './etsy-errors';

export type EtsySchemas = components['schemas'];
export type EtsyListing = EtsySchemas['ShopListing'];
export type EtsyReceipt = EtsySchemas['ShopReceipt'];
export type EtsyPayment = EtsySchemas['Payment'];
export type EtsyLedgerEntry = EtsySchemas['PaymentAccountLedgerEntry'];
export type EtsyShippingProfile = EtsySchemas['ShopShippingProfile'];
export type EtsyReturnPolicy = EtsySchemas['ShopReturnPolicy'];
export type EtsyTaxonomyNode = EtsySchemas['SellerTaxonomyNode'];
export type EtsyTaxonomyProperty = EtsySchemas['TaxonomyNodeProperty'];

/** The scopes the app asks for: listing, ending and deleting listings, reading sales, reading and setting up the shop. */
export const ETSY_SCOPES = ['listings_r', 'listings_w', 'listings_d', 'transactions_r', 'shops_r', 'shops_w'] as const;

export interface EtsyClientOptions {
  /** The app's keystring (OAuth client id) and shared secret. */
  keystring: string;
  sharedSecret: string;
  /** Etsy's API host (tests: the fake); default https://api.etsy.com. */
  apiBase?: string;
  /** Where the consent page is (tests: the fake); default https://www.etsy.com. */
  oauthBase?: string;
  fetch?: typeof fetch;
}

/** Etsy's tokens: every grant answers a refresh token (each refresh spends the one it used and gives a new one). */
export interface EtsyTokens extends OAuthTokens {
  refreshToken: string;
}

type FormValue = string | number | boolean | readonly (string | number)[] | null | undefined;

interface EtsyRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  token?: string;
  query?: Record<string, string | number | boolean | undefined>;
  form?: Record<string, FormValue>;
  json?: unknown;
  multipart?: FormData;
}

/** Form fields as Etsy takes them: arrays comma-separated, absent values left out. */
function formOf(fields: Record<string, FormValue>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    body.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return body;
}

/** Etsy's batch reads take at most 100 listing ids, comma-separated. */
export const ETSY_BATCH_MAX = 100;
function batchOf(listingIds: readonly (string | number)[]): string {
  if (!listingIds.length || listingIds.length > ETSY_BATCH_MAX)
    throw new Error(`Etsy's batch reads take 1 to ${ETSY_BATCH_MAX} listing ids`);
  return listingIds.join(',');
}

/** Etsy's Open API v3 as this app uses it (types from Etsy's OpenAPI document: generated/etsy.ts). */
export function createEtsyClient(options: EtsyClientOptions) {
  const apiBase = (options.apiBase ?? 'https://api.etsy.com').replace(/\/+$/, '');
  const oauthBase = (options.oauthBase ?? 'https://www.etsy.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  // Etsy asks every request for the app's key: "keystring:shared_secret" (Etsy's authentication guide, 2025).
  const apiKey = `${options.keystring}:${options.sharedSecret}`;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch (err) {
      throw new EtsyUnreachableError(err);
    }
  }

  async function failureOf(response: Response): Promise<EtsyApiError> {
    const body = await response.text().catch(() => '');
    let message = body.slice(0, 500) || response.statusText;
    try {
      const parsed = JSON.parse(body) as { error?: unknown; error_description?: unknown };
      if (typeof parsed.error_description === 'string') message = parsed.error_description;
      else if (typeof parsed.error === 'string') message = parsed.error;
    } catch {
      // not JSON: the text as it came
    }
    return new EtsyApiError(response.status, message, retryAfterSecondsOf(response.headers.get('retry-after')));
  }

  async function request<T>(req: EtsyRequest): Promise<T> {
    const url = new URL(apiBase + req.path);
    for (const [name, value] of Object.entries(req.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { 'x-api-key': apiKey, accept: 'application/json' };
    if (req.token) headers.authorization = `Bearer ${req.token}`;
    let body: BodyInit | undefined;
    if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formOf(req.form).toString();
    } else if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.multipart) body = req.multipart;
    const response = await send(url.toString(), { method: req.method, headers, body });
    if (!response.ok) throw await failureOf(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Etsy's OAuth server as the shared client sees it: a public client (keystring in the form) with PKCE S256. */
  const oauthFor = (redirectUri: string) =>
    createOAuthClient({
      authorizationEndpoint: `${oauthBase}/oauth/connect`,
      tokenEndpoint: `${apiBase}/v3/public/oauth/token`,
      clientId: options.keystring,
      clientAuth: { kind: 'none' },
      redirectUri,
      fetch: doFetch,
    });

  /** One token request, its failures in Etsy's error types as every other Etsy call gives them. */
  async function token(grant: () => Promise<OAuthTokens>): Promise<EtsyTokens> {
    let tokens: OAuthTokens;
    try {
      tokens = await grant();
    } catch (err) {
      if (err instanceof OAuthUnreachableError) throw new EtsyUnreachableError(err.cause);
      if (err instanceof OAuthTokenError)
        throw new EtsyApiError(err.status, err.description ?? err.error ?? err.body, retryAfterSecondsOf(err.retryAfter));
      throw err;
    }
    if (!tokens.refreshToken) throw new EtsyApiError(502, 'Etsy answered without a refresh token');
    return { ...tokens, refreshToken: tokens.refreshToken };
  }

  const shop = (shopId: string) => `/v3/application/shops/${encodeURIComponent(shopId)}`;
  const listing = (listingId: string) => `/v3/application/listings/${encodeURIComponent(listingId)}`;

  return {
    keystring: options.keystring,
    /** Etsy's consent page for this round trip (PKCE S256). */
    authorizeUrl: (input: { state: string; codeChallenge: string; redirectUri: string }): string =>
      oauthFor(input.redirectUri).authorizationUrl({ state: input.state, scopes: ETSY_SCOPES, codeChallenge: input.codeChallenge }),
    exchangeCode: (input: { code: string; state?: string; codeVerifier: string; redirectUri: string }) =>
      token(() => oauthFor(input.redirectUri).exchangeCode({ code: input.code, state: input.state, codeVerifier: input.codeVerifier })),
    /** Etsy needs no redirect_uri to refresh. */
    refresh: (refreshToken: string) => token(() => oauthFor('').refresh(refreshToken)),

    getMe: (t: string) => request<EtsySchemas['Self']>({ method: 'GET', path: '/v3/application/users/me', token: t }),
    getShop: (t: string, shopId: string) => request<EtsySchemas['Shop']>({ method: 'GET', path: shop(shopId), token: t }),
    getShippingProfiles: (t: string, shopId: string) =>
      request<EtsySchemas['ShopShippingProfiles']>({ method: 'GET', path: `${shop(shopId)}/shipping-profiles`, token: t }),
    createShippingProfile: (
      t: string,
      shopId: string,
      form: {
        title: string;
        origin_country_iso: string;
        origin_postal_code?: string;
        primary_cost: number;
        secondary_cost: number;
        min_processing_time: number;
        max_processing_time: number;
        processing_time_unit: 'business_days';
        destination_country_iso: string;
        min_delivery_days: number;
        max_delivery_days: number;
      },
    ) => request<EtsyShippingProfile>({ method: 'POST', path: `${shop(shopId)}/shipping-profiles`, token: t, form }),
    getReturnPolicies: (t: string, shopId: string) =>
      request<EtsySchemas['ShopReturnPolicies']>({ method: 'GET', path: `${shop(shopId)}/policies/return`, token: t }),
    createReturnPolicy: (
      t: string,
      shopId: string,
      form: { accepts_returns: boolean; accepts_exchanges: boolean; return_deadline?: number },
    ) => request<EtsyReturnPolicy>({ method: 'POST', path: `${shop(shopId)}/policies/return`, token: t, form }),
    getProcessingProfiles: (t: string, shopId: string) =>
      request<EtsySchemas['ShopProcessingProfiles']>({ method: 'GET', path: `${shop(shopId)}/readiness-state-definitions`, token: t }),
    createProcessingProfile: (
      t: string,
      shopId: string,
      form: { readiness_state: 'ready_to_ship'; min_processing_time: number; max_processing_time: number; processing_time_unit: 'days' },
    ) =>
      request<EtsySchemas['ShopProcessingProfile']>({
        method: 'POST',
        path: `${shop(shopId)}/readiness-state-definitions`,
        token: t,
        form,
      }),
    sellerTaxonomyNodes: () =>
      request<EtsySchemas['SellerTaxonomyNodes']>({ method: 'GET', path: '/v3/application/seller-taxonomy/nodes' }),
    taxonomyProperties: (taxonomyId: number) =>
      request<EtsySchemas['TaxonomyNodeProperties']>({
        method: 'GET',
        path: `/v3/application/seller-taxonomy/nodes/${taxonomyId}/properties`,
      }),
    createDraftListing: (t: string, shopId: string, form: Record<string, FormValue>) =>
      request<EtsyListing>({ method: 'POST', path: `${shop(shopId)}/listings`, token: t, form }),
    // No `includes=Inventory` or `Shipping`: Etsy removed them from listing reads on 29 July 2026 (the batch reads below).
    getListingsByShop: (t: string, shopId: string, query: { state: string; limit: number; offset: number }) =>
      request<EtsySchemas['ShopListingsWithAssociations']>({ method: 'GET', path: `${shop(shopId)}/listings`, token: t, query }),
    /** Each listing's inventory (SKUs, offerings and their processing profile), at most 100 listings a call. */
    getListingsInventory: (t: string, listingIds: readonly (string | number)[]) =>
      request<EtsySchemas['ShopListingsWithAssociations']>({
        method: 'GET',
        path: '/v3/application/listings/batch/inventory',
        token: t,
        query: { listing_ids: batchOf(listingIds) },
      }),
    /** Each listing's shipping profile, at most 100 listings a call. */
    getListingsShipping: (t: string, listingIds: readonly (string | number)[]) =>
      request<EtsySchemas['ShopListingsWithAssociations']>({
        method: 'GET',
        path: '/v3/application/listings/batch/shipping',
        token: t,
        query: { listing_ids: batchOf(listingIds) },
      }),
    getListing: (t: string, listingId: string) => request<EtsyListing>({ method: 'GET', path: listing(listingId), token: t }),
    getListingImages: (t: string, listingId: string) =>
      request<EtsySchemas['ListingImages']>({ method: 'GET', path: `${listing(listingId)}/images`, token: t }),
    uploadListingImage(
      t: string,
      shopId: string,
      listingId: string,
      image: { data: Buffer; filename: string; contentType: string; rank: number },
    ) {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(image.data)], { type: image.contentType }), image.filename);
      form.set('rank', String(image.rank));
      return request<EtsySchemas['ListingImage']>({
        method: 'POST',
        path: `${shop(shopId)}/listings/${encodeURIComponent(listingId)}/images`,
        token: t,
        multipart: form,
      });
    },
    updateListing: (t: string, shopId: string, listingId: string, form: Record<string, FormValue>) =>
      request<EtsyListing>({ method: 'PATCH', path: `${shop(shopId)}/listings/${encodeURIComponent(listingId)}`, token: t, form }),
    updateListingInventory: (
      t: string,
      listingId: string,
      /** Every offering names a processing profile (the document requires it): on a listing still on its own
       * processing times this switches it to the profile, which Etsy cannot undo (ask the seller first). */
      products: { sku: string; price: number; quantity: number; processingProfileId: string }[],
    ) =>
      request<EtsySchemas['ListingInventory']>({
        method: 'PUT',
        path: `${listing(listingId)}/inventory`,
        token: t,
        json: {
          products: products.map((p) => ({
            sku: p.sku,
            property_values: [],
            offerings: [{ price: p.price, quantity: p.quantity, is_enabled: true, readiness_state_id: Number(p.processingProfileId) }],
          })),
        },
      }),
    deleteListing: (t: string, listingId: string) => request<void>({ method: 'DELETE', path: listing(listingId), token: t }),
    getShopReceipts: (t: string, shopId: string, query: { min_last_modified: number; limit: number; offset: number }) =>
      request<EtsySchemas['ShopReceipts']>({ method: 'GET', path: `${shop(shopId)}/receipts`, token: t, query }),
    /** The receipt's payment (Etsy Payments): what the buyer paid and its processing fee (`amount_fees`); 404: none. */
    getShopPaymentByReceiptId: (t: string, shopId: string, receiptId: string) =>
      request<EtsySchemas['Payments']>({
        method: 'GET',
        path: `${shop(shopId)}/receipts/${encodeURIComponent(receiptId)}/payments`,
        token: t,
      }),
    /** The shop's payment account ledger entries created in [min_created, max_created] (epoch seconds), at most 100 a page. */
    getShopPaymentAccountLedgerEntries: (
      t: string,
      shopId: string,
      query: { min_created: number; max_created: number; limit: number; offset: number },
    ) =>
      request<EtsySchemas['PaymentAccountLedgerEntries']>({
        method: 'GET',
        path: `${shop(shopId)}/payment-account/ledger-entries`,
        token: t,
        query,
      }),
  };
}

export type EtsyClient = ReturnType<typeof createEtsyClient>;
