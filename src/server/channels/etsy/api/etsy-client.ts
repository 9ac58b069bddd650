import createClient from 'openapi-fetch';
import { checkedAnswers, documentedCalls, sendAsParts } from '../../documented-calls';
import { createOAuthClient, OAuthTokenError, OAuthUnreachableError, type OAuthTokens } from '../../oauth/oauth-client';
import type { components, operations, paths } from './generated/etsy';
import { EtsyAnswerError, EtsyApiError, EtsyUnreachableError, retryAfterSecondsOf } from './etsy-errors';

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

/** Form fields as Etsy takes them: arrays comma-separated, absent values left out. */
function formOf(fields: Record<string, FormValue> | undefined): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null) continue;
    body.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return body.toString();
}

/** A multipart body's parts in their order (a Blob is a file part, with its name when it is a File); absent ones left out. */
function multipartOf(fields: Record<string, Blob | FormValue> | undefined): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.set(name, value);
    else form.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return form;
}

/** The form bodies the app sends, as the document has them. */
type FormOf<Operation extends keyof operations> =
  NonNullable<operations[Operation]['requestBody']> extends { content: { 'application/x-www-form-urlencoded': infer Form } } ? Form : never;
type QueryOf<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;
/** What the app always sends of a form or query the document has optional, required here (the names are the document's). */
type Always<T, Name extends keyof T> = T & Required<Pick<T, Name>>;

export type EtsyDraftListingForm = FormOf<'createDraftListing'>;
export type EtsyListingUpdateForm = FormOf<'updateListing'>;
export type EtsyListingPropertyForm = FormOf<'updateListingProperty'>;
/** The profile names its processing and delivery days (the document's prose asks for delivery days or a carrier). */
export type EtsyShippingProfileForm = Always<
  FormOf<'createShopShippingProfile'>,
  | 'min_processing_time'
  | 'max_processing_time'
  | 'processing_time_unit'
  | 'destination_country_iso'
  | 'min_delivery_days'
  | 'max_delivery_days'
>;
export type EtsyReturnPolicyForm = FormOf<'createShopReturnPolicy'>;
export type EtsyProcessingProfileForm = Always<FormOf<'createShopReadinessStateDefinition'>, 'processing_time_unit'>;
/** One product of updateListingInventory's body: written against it, as a callback's object is not checked otherwise. */
type InventoryProduct = NonNullable<operations['updateListingInventory']['requestBody']>['content']['application/json']['products'][number];
export type EtsyListingState = NonNullable<QueryOf<'getListingsByShop'>['state']>;

/**
 * An Etsy id as the document's paths and fields take it (an integer); the app keeps ids as text (its database
 * columns), so each is read back here, exactly, once. Not an integer: refused before anything is sent.
 */
export function etsyIdOf(id: string | number): number {
  const value = typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`Not an Etsy id: ${JSON.stringify(id)}`);
  return value;
}

/** Etsy's batch reads take at most 100 listing ids, comma-separated. */
export const ETSY_BATCH_MAX = 100;
function batchOf(listingIds: readonly (string | number)[]): number[] {
  if (!listingIds.length || listingIds.length > ETSY_BATCH_MAX)
    throw new Error(`Etsy's batch reads take 1 to ${ETSY_BATCH_MAX} listing ids`);
  return listingIds.map(etsyIdOf);
}

/**
 * Etsy's Open API v3 as this app uses it: every call names a path of Etsy's OpenAPI document (generated/etsy.ts)
 * through openapi-fetch, so its path, parameters, body and answer are the document's, checked when it compiles.
 */
export function createEtsyClient(options: EtsyClientOptions) {
  const apiBase = (options.apiBase ?? 'https://api.etsy.com').replace(/\/+$/, '');
  const oauthBase = (options.oauthBase ?? 'https://www.etsy.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  // Etsy asks every request for the app's key: "keystring:shared_secret" (Etsy's authentication guide, 2025).
  const apiKey = `${options.keystring}:${options.sharedSecret}`;

  /** openapi-fetch's Request sent as its parts (the paced fetch may resend it); no answer at all is EtsyUnreachableError. */
  const send = sendAsParts(doFetch, (err) => new EtsyUnreachableError(err));

  /** Etsy's error answer in its own words: its ErrorSchema ({"error": ...}), its OAuth errors' error_description. */
  function failureOf(response: Response, body: string): EtsyApiError {
    let message = body.slice(0, 500) || response.statusText;
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object') {
        if ('error_description' in parsed && typeof parsed.error_description === 'string') message = parsed.error_description;
        else if ('error' in parsed && typeof parsed.error === 'string') message = parsed.error;
      }
    } catch {
      // not JSON: the text as it came
    }
    return new EtsyApiError(response.status, message, retryAfterSecondsOf(response.headers.get('retry-after')));
  }

  /**
   * Etsy's answer before openapi-fetch reads it, its status first: an error status is an EtsyApiError (Etsy's own
   * words, Retry-After); a success other than 204 is JSON in the document (every operation's is), so a body that is
   * not (an HTML page, a cut-off answer, nothing) fails as an EtsyAnswerError naming the call, not as a SyntaxError.
   */
  const { middleware, bodyOf } = checkedAnswers({
    errorOf: failureOf,
    unreachable: (err) => new EtsyUnreachableError(err),
    unusable: (call, status, problem) => new EtsyAnswerError(call, status, problem),
    readBody: 'after the status',
    emptySuccess: 'refused',
  });

  const client = createClient<paths>({
    baseUrl: apiBase,
    headers: { 'x-api-key': apiKey, accept: 'application/json' },
    // Etsy takes an array parameter comma-separated (listing_ids=1,2,3), as this client always sent it.
    querySerializer: { array: { style: 'form', explode: false } },
    fetch: send,
  });
  client.use(middleware);
  const api = documentedCalls(client);

  /** The seller's token on a call. */
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  /** A call on the seller's shop: its id in the path. */
  const inShop = (shopId: string) => ({ params: { path: { shop_id: etsyIdOf(shopId) } } });
  /** The seller's token on a call whose body Etsy takes form-encoded (application/x-www-form-urlencoded). */
  const formed = (token: string) => ({
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    bodySerializer: formOf,
  });

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

  return {
    keystring: options.keystring,
    /** Etsy's consent page for this round trip (PKCE S256). */
    authorizeUrl: (input: { state: string; codeChallenge: string; redirectUri: string }): string =>
      oauthFor(input.redirectUri).authorizationUrl({ state: input.state, scopes: ETSY_SCOPES, codeChallenge: input.codeChallenge }),
    exchangeCode: (input: { code: string; state?: string; codeVerifier: string; redirectUri: string }) =>
      token(() => oauthFor(input.redirectUri).exchangeCode({ code: input.code, state: input.state, codeVerifier: input.codeVerifier })),
    /** Etsy needs no redirect_uri to refresh. */
    refresh: (refreshToken: string) => token(() => oauthFor('').refresh(refreshToken)),

    getMe: async (t: string) => bodyOf(await api.GET('/v3/application/users/me', bearer(t))),
    getShop: async (t: string, shopId: string) =>
      bodyOf(await api.GET('/v3/application/shops/{shop_id}', { ...bearer(t), ...inShop(shopId) })),
    getShippingProfiles: async (t: string, shopId: string) =>
      bodyOf(await api.GET('/v3/application/shops/{shop_id}/shipping-profiles', { ...bearer(t), ...inShop(shopId) })),
    createShippingProfile: async (t: string, shopId: string, form: EtsyShippingProfileForm) =>
      bodyOf(await api.POST('/v3/application/shops/{shop_id}/shipping-profiles', { ...formed(t), ...inShop(shopId), body: form })),
    getReturnPolicies: async (t: string, shopId: string) =>
      bodyOf(await api.GET('/v3/application/shops/{shop_id}/policies/return', { ...bearer(t), ...inShop(shopId) })),
    createReturnPolicy: async (t: string, shopId: string, form: EtsyReturnPolicyForm) =>
      bodyOf(await api.POST('/v3/application/shops/{shop_id}/policies/return', { ...formed(t), ...inShop(shopId), body: form })),
    getProcessingProfiles: async (t: string, shopId: string) =>
      bodyOf(await api.GET('/v3/application/shops/{shop_id}/readiness-state-definitions', { ...bearer(t), ...inShop(shopId) })),
    createProcessingProfile: async (t: string, shopId: string, form: EtsyProcessingProfileForm) =>
      bodyOf(
        await api.POST('/v3/application/shops/{shop_id}/readiness-state-definitions', { ...formed(t), ...inShop(shopId), body: form }),
      ),
    sellerTaxonomyNodes: async () => bodyOf(await api.GET('/v3/application/seller-taxonomy/nodes', {})),
    taxonomyProperties: async (taxonomyId: number) =>
      bodyOf(
        await api.GET('/v3/application/seller-taxonomy/nodes/{taxonomy_id}/properties', {
          params: { path: { taxonomy_id: taxonomyId } },
        }),
      ),
    /** One product property of the listing (its size): the value's id and name on the scale, replacing what it had. */
    updateListingProperty: async (t: string, shopId: string, listingId: string, propertyId: number, form: EtsyListingPropertyForm) =>
      bodyOf(
        await api.PUT('/v3/application/shops/{shop_id}/listings/{listing_id}/properties/{property_id}', {
          ...formed(t),
          params: { path: { shop_id: etsyIdOf(shopId), listing_id: etsyIdOf(listingId), property_id: propertyId } },
          body: form,
        }),
      ),
    getListingProperties: async (t: string, shopId: string, listingId: string) =>
      bodyOf(
        await api.GET('/v3/application/shops/{shop_id}/listings/{listing_id}/properties', {
          ...bearer(t),
          params: { path: { shop_id: etsyIdOf(shopId), listing_id: etsyIdOf(listingId) } },
        }),
      ),
    createDraftListing: async (t: string, shopId: string, form: EtsyDraftListingForm) =>
      bodyOf(await api.POST('/v3/application/shops/{shop_id}/listings', { ...formed(t), ...inShop(shopId), body: form })),
    // No `includes=Inventory` or `Shipping`: Etsy removed them from listing reads on 29 July 2026 (the batch reads below).
    getListingsByShop: async (t: string, shopId: string, query: Always<QueryOf<'getListingsByShop'>, 'state' | 'limit' | 'offset'>) =>
      bodyOf(
        await api.GET('/v3/application/shops/{shop_id}/listings', {
          ...bearer(t),
          params: { path: { shop_id: etsyIdOf(shopId) }, query },
        }),
      ),
    /** Each listing's inventory (SKUs, offerings and their processing profile), at most 100 listings a call. */
    getListingsInventory: (t: string, listingIds: readonly (string | number)[]) => {
      // Refused at once, as ever, before anything is sent: no ids, too many, or one that is not an id.
      const listing_ids = batchOf(listingIds);
      return api.GET('/v3/application/listings/batch/inventory', { ...bearer(t), params: { query: { listing_ids } } }).then(bodyOf);
    },
    /** Each listing's shipping profile, at most 100 listings a call. */
    getListingsShipping: (t: string, listingIds: readonly (string | number)[]) => {
      const listing_ids = batchOf(listingIds);
      return api.GET('/v3/application/listings/batch/shipping', { ...bearer(t), params: { query: { listing_ids } } }).then(bodyOf);
    },
    getListing: async (t: string, listingId: string) =>
      bodyOf(
        await api.GET('/v3/application/listings/{listing_id}', { ...bearer(t), params: { path: { listing_id: etsyIdOf(listingId) } } }),
      ),
    getListingImages: async (t: string, listingId: string) =>
      bodyOf(
        await api.GET('/v3/application/listings/{listing_id}/images', {
          ...bearer(t),
          params: { path: { listing_id: etsyIdOf(listingId) } },
        }),
      ),
    uploadListingImage: async (
      t: string,
      shopId: string,
      listingId: string,
      image: { data: Buffer; filename: string; contentType: string; rank: number },
    ) =>
      bodyOf(
        await api.POST('/v3/application/shops/{shop_id}/listings/{listing_id}/images', {
          ...bearer(t),
          params: { path: { shop_id: etsyIdOf(shopId), listing_id: etsyIdOf(listingId) } },
          body: { image: new File([new Uint8Array(image.data)], image.filename, { type: image.contentType }), rank: image.rank },
          bodySerializer: multipartOf,
        }),
      ),
    updateListing: async (t: string, shopId: string, listingId: string, form: EtsyListingUpdateForm) =>
      bodyOf(
        await api.PATCH('/v3/application/shops/{shop_id}/listings/{listing_id}', {
          ...formed(t),
          params: { path: { shop_id: etsyIdOf(shopId), listing_id: etsyIdOf(listingId) } },
          body: form,
        }),
      ),
    updateListingInventory: async (
      t: string,
      listingId: string,
      /** Every offering names a processing profile (the document requires it): on a listing still on its own
       * processing times this switches it to the profile, which Etsy cannot undo (ask the seller first). */
      products: { sku: string; price: number; quantity: number; processingProfileId: string }[],
    ) =>
      bodyOf(
        await api.PUT('/v3/application/listings/{listing_id}/inventory', {
          ...bearer(t),
          params: { path: { listing_id: etsyIdOf(listingId) } },
          body: {
            products: products.map((p): InventoryProduct => ({
              sku: p.sku,
              property_values: [],
              offerings: [{ price: p.price, quantity: p.quantity, is_enabled: true, readiness_state_id: Number(p.processingProfileId) }],
            })),
          },
        }),
      ),
    deleteListing: async (t: string, listingId: string): Promise<void> => {
      await api.DELETE('/v3/application/listings/{listing_id}', { ...bearer(t), params: { path: { listing_id: etsyIdOf(listingId) } } });
    },
    getShopReceipts: async (t: string, shopId: string, query: Always<QueryOf<'getShopReceipts'>, 'limit' | 'offset'>) =>
      bodyOf(
        await api.GET('/v3/application/shops/{shop_id}/receipts', {
          ...bearer(t),
          params: { path: { shop_id: etsyIdOf(shopId) }, query },
        }),
      ),
    /** The receipt's payment (Etsy Payments): what the buyer paid and its processing fee (`amount_fees`); 404: none. */
    getShopPaymentByReceiptId: async (t: string, shopId: string, receiptId: string) =>
      bodyOf(
        await api.GET('/v3/application/shops/{shop_id}/receipts/{receipt_id}/payments', {
          ...bearer(t),
          params: { path: { shop_id: etsyIdOf(shopId), receipt_id: etsyIdOf(receiptId) } },
        }),
      ),
    /** The shop's payment account ledger entries created in [min_created, max_created] (epoch seconds), at most 100 a page. */
    getShopPaymentAccountLedgerEntries: async (
      t: string,
      shopId: string,
      query: Always<QueryOf<'getShopPaymentAccountLedgerEntries'>, 'limit' | 'offset'>,
    ) =>
      bodyOf(
        await api.GET('/v3/application/shops/{shop_id}/payment-account/ledger-entries', {
          ...bearer(t),
          params: { path: { shop_id: etsyIdOf(shopId) }, query },
        }),
      ),
  };
}

export type EtsyClient = ReturnType<typeof createEtsyClient>;
