import createClient from 'openapi-fetch';
import { toDecimal, type Money } from '@shared/domain/money';
import { checkedAnswers, documentedCalls, sendAsParts } from '../../documented-calls';
import { createOAuthClient, type OAuthTokens } from '../../oauth/oauth-client';
import type { components, paths } from './generated/depop';
import {
  inspirationRead,
  orderRead,
  productRead,
  refundRead,
  type AmountReader,
  type DepopOrderRead,
  type DepopPage,
  type DepopPriceInspiration,
  type DepopProductRead,
  type DepopRefund,
} from './depop-answers';
import { DepopAnswerError, DepopUnreachableError, depopErrorOf } from './depop-errors';
import { depopDecimal, moneyOfDepop } from './depop-money';
import {
  currencyOf,
  patchBody,
  productBody,
  type DepopNewProduct,
  type DepopProductFields,
  type DepopProductPatch,
} from './depop-product-fields';

export type DepopSchemas = components['schemas'];
export type { DepopNewProduct, DepopProductFields, DepopProductPatch } from './depop-product-fields';
export type {
  DepopFeeType,
  DepopOrder,
  DepopOrderRead,
  DepopPage,
  DepopPriceInspiration,
  DepopProduct,
  DepopProductRead,
  DepopRefund,
} from './depop-answers';

/**
 * The scopes the app asks for: its products and their offer prices (read and write), its orders (read, and refunds),
 * and the shop. Pricing inspiration needs none.
 */
export const DEPOP_SCOPES = [
  'products_read',
  'products_write',
  'offers_read',
  'offers_write',
  'orders_read',
  'orders_write',
  'shop_read',
] as const;

/** Depop's refresh token lives a year from the consent (contracts/depop/GUIDES.md); a refresh keeps that expiry. */
const REFRESH_TOKEN_LIFETIME_MS = 365 * 24 * 3600 * 1000;

export interface DepopClientOptions {
  /** The partner's OAuth client id and secret (Depop gives them on request). */
  clientId: string;
  clientSecret: string;
  /** Depop's API host (tests: the fake); default https://partnerapi.depop.com. */
  apiBase?: string;
  /** Where the seller's consent page is (tests: the fake); default https://www.depop.com. */
  oauthBase?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Depop's tokens: an access token of an hour and a refresh token, which each refresh spends and replaces. */
export interface DepopTokens extends OAuthTokens {
  refreshToken: string;
}

/** A token request's form as the document has it, but the client's id and secret (the client adds them). */
type TokenForm = Omit<
  NonNullable<paths['/api/v1/oauth2/access-token/']['post']['requestBody']>['content']['application/x-www-form-urlencoded'],
  'client_id' | 'client_secret'
>;

/**
 * Depop's Seller API as this app uses it: every call names a path of Depop's OpenAPI document (generated/depop.ts)
 * through openapi-fetch, so its path, parameters, body and answer are the document's, checked when it compiles. Every
 * error answer is a DepopApiError with the document's code (DepopScopeError for a scope the connection lacks), and
 * every amount is Money both ways (depop-money.ts).
 */
export function createDepopClient(options: DepopClientOptions) {
  const apiBase = (options.apiBase ?? 'https://partnerapi.depop.com').replace(/\/+$/, '');
  const oauthBase = (options.oauthBase ?? 'https://www.depop.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;

  /** openapi-fetch's Request sent as its parts; no answer at all is DepopUnreachableError. */
  const send = sendAsParts(doFetch, (err) => new DepopUnreachableError(err));

  /**
   * Depop's answer before openapi-fetch reads it, its body read first: an error status is a DepopApiError (the
   * document's code and message); a success with a body is JSON in the document, so one that is not fails as a
   * DepopAnswerError naming the call. A success with no body is left to the call (`bodyOf` refuses it).
   */
  const { middleware, callOf, bodyOf } = checkedAnswers({
    errorOf: (response, text) => depopErrorOf(response.status, text, response.headers.get('retry-after')),
    unreachable: (err) => new DepopUnreachableError(err),
    unusable: (call, status, problem) => new DepopAnswerError(call, status, problem),
    readBody: 'first',
    emptySuccess: 'accepted',
  });

  const client = createClient<paths>({ baseUrl: apiBase, headers: { accept: 'application/json' }, fetch: send });
  client.use(middleware);
  const api = documentedCalls(client);

  /** The answer's amounts as Money, or a DepopAnswerError naming the call and the field. */
  const amountsIn =
    (response: Response): AmountReader =>
    (field, text, currency) => {
      const value = moneyOfDepop(text, currency);
      if (!value) throw new DepopAnswerError(callOf(response), response.status, `gives ${field} "${text}", not an amount of ${currency}`);
      return value;
    };

  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const bySku = (token: string, sku: string) => ({ ...bearer(token), params: { path: { sku } } });

  /** One token request (form-encoded, the client's id and secret in the form, as the document has it). */
  async function token(form: TokenForm): Promise<DepopTokens> {
    const at = now();
    const result = await api.POST('/api/v1/oauth2/access-token/', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: { ...form, client_id: options.clientId, client_secret: options.clientSecret },
      bodySerializer: (body) =>
        new URLSearchParams(Object.entries(body).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    });
    const answer = bodyOf(result);
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      accessExpiresAt: new Date(at + answer.expires_in * 1000),
      // A code's refresh token lives a year; a refreshed one keeps the expiry of the one it replaced (unknown here).
      refreshExpiresAt: form.grant_type === 'authorization_code' ? new Date(at + REFRESH_TOKEN_LIFETIME_MS) : null,
      scope: null,
    };
  }

  async function productsPage(
    t: string,
    query: { limit?: number; cursor?: string; state?: 'selling' | 'sold' | 'all'; sortBy?: 'id_desc' | 'id_asc' } = {},
  ): Promise<DepopPage<DepopProductRead>> {
    const result = await api.GET('/api/v1/products/', {
      ...bearer(t),
      params: { query: { limit: query.limit, cursor: query.cursor, state: query.state, sort_by: query.sortBy } },
    });
    const page = bodyOf(result);
    return {
      items: (page.data ?? []).map((product) => productRead(amountsIn(result.response), product)),
      cursor: page.meta?.cursor ?? null,
      hasMore: page.meta?.has_more ?? false,
    };
  }

  return {
    clientId: options.clientId,
    /** Depop's consent page for this round trip (PKCE S256), asking for `scopes` (the app's by default). */
    authorizeUrl: (input: { state: string; codeChallenge: string; redirectUri: string; scopes?: readonly string[] }): string =>
      createOAuthClient({
        authorizationEndpoint: `${oauthBase}/settings/oauth/apps/`,
        tokenEndpoint: `${apiBase}/api/v1/oauth2/access-token/`,
        clientId: options.clientId,
        clientAuth: { kind: 'none' },
        redirectUri: input.redirectUri,
      }).authorizationUrl({ state: input.state, scopes: input.scopes ?? DEPOP_SCOPES, codeChallenge: input.codeChallenge }),
    exchangeCode: (input: { code: string; codeVerifier: string; redirectUri: string }) =>
      token({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier }),
    /** New tokens for a refresh token, which this spends (keep the new one). */
    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    /** A new product, on sale at once; a SKU Depop already has (or had) answers 400. */
    createProduct: async (t: string, product: DepopNewProduct) => {
      const created = bodyOf(await api.POST('/api/v1/products/', { ...bearer(t), body: productBody(product) }));
      return { productId: created.product_id, slug: created.slug, sku: created.sku ?? null };
    },
    /** The SKU's product created, or updated with these details (a sold one restocked with the quantity). */
    putProductBySku: async (t: string, sku: string, product: DepopProductFields) => {
      const saved = bodyOf(
        await api.PUT('/api/v1/products/by-sku/{sku}/', {
          ...bySku(t, sku),
          body: productBody(product),
        }),
      );
      return { productId: saved.product_id, slug: saved.slug, sku: saved.sku ?? sku };
    },
    /** The price, discount, offer prices or quantity of a product on sale (offer prices need offers_write). */
    patchProductBySku: async (t: string, sku: string, patch: DepopProductPatch): Promise<void> => {
      await api.PATCH('/api/v1/products/by-sku/{sku}/', { ...bySku(t, sku), body: patchBody(patch) });
    },
    getProductBySku: async (t: string, sku: string): Promise<DepopProductRead> => {
      const result = await api.GET('/api/v1/products/by-sku/{sku}/', bySku(t, sku));
      return productRead(amountsIn(result.response), bodyOf(result));
    },
    /** Removes it from the shop (done already: a success too); with failIfActiveOffers, an open offer answers 409. */
    deleteProductBySku: async (t: string, sku: string, opts: { failIfActiveOffers?: boolean } = {}): Promise<void> => {
      await api.DELETE('/api/v1/products/by-sku/{sku}/', {
        ...bearer(t),
        params: { path: { sku }, query: opts.failIfActiveOffers ? { fail_if_active_offers: true } : {} },
      });
    },
    /** Off sale with a "sold" overlay, after a sale elsewhere (a product not on sale stays as it is). */
    markSoldBySku: async (t: string, sku: string): Promise<void> => {
      await api.POST('/api/v1/products/by-sku/{sku}/mark-as-sold/', bySku(t, sku));
    },
    /** An offer to a buyer who showed interest (liked, bagged, messaged): at least 5% below the price, in its currency. */
    sendOfferBySku: async (t: string, sku: string, offer: { recipientId: number; price: Money; sizeId?: number }): Promise<void> => {
      await api.POST('/api/v1/products/by-sku/{sku}/offer/', {
        ...bySku(t, sku),
        body: {
          offer_recipient_id: offer.recipientId,
          // The document's offer_value is a number (double): the exact decimal's number.
          offer_value: toDecimal(offer.price),
          offer_currency: offer.price.currency,
          ...(offer.sizeId === undefined ? {} : { size_id: offer.sizeId }),
        },
      });
    },
    /** One page of the seller's products (at most 100), newest first unless sortBy id_asc. */
    getProductsPage: productsPage,
    /** Every product of the seller, page after page. */
    async *allProducts(t: string, query: { state?: 'selling' | 'sold' | 'all' } = {}): AsyncGenerator<DepopProductRead> {
      let cursor: string | undefined;
      for (;;) {
        const page = await productsPage(t, { ...query, limit: 100, cursor });
        yield* page.items;
        if (!page.hasMore || !page.cursor) return;
        cursor = page.cursor;
      }
    },
    /** One page of the seller's orders (at most 200), newest first; from/to bound when they were placed. */
    getOrdersPage: async (
      t: string,
      query: { limit?: number; cursor?: string; from?: Date; to?: Date } = {},
    ): Promise<DepopPage<DepopOrderRead>> => {
      const result = await api.GET('/api/v1/orders/', {
        ...bearer(t),
        params: { query: { limit: query.limit, cursor: query.cursor, from: query.from?.toISOString(), to: query.to?.toISOString() } },
      });
      const page = bodyOf(result);
      return {
        items: (page.data ?? []).map((order) => orderRead(amountsIn(result.response), order)),
        cursor: page.meta?.cursor ?? null,
        hasMore: page.meta?.has_more ?? false,
      };
    },
    getOrder: async (t: string, purchaseId: string): Promise<DepopOrderRead> => {
      const result = await api.GET('/api/v1/orders/{purchase_id}/', { ...bearer(t), params: { path: { purchase_id: purchaseId } } });
      return orderRead(amountsIn(result.response), bodyOf(result));
    },
    /** The order's refund (its refund_summary), null when it has none. */
    getRefund: async (t: string, purchaseId: string): Promise<DepopRefund | null> => {
      const result = await api.GET('/api/v1/orders/{purchase_id}/', { ...bearer(t), params: { path: { purchase_id: purchaseId } } });
      return refundRead(amountsIn(result.response), bodyOf(result));
    },
    /** A full or partial refund of the items and/or the shipping, with a message to the buyer in Depop's chat. */
    refundOrder: async (t: string, purchaseId: string, refund: { items?: Money; shipping?: Money; message?: string }): Promise<void> => {
      currencyOf([refund.items, refund.shipping]);
      await api.POST('/api/v1/orders/{purchase_id}/refund/', {
        ...bearer(t),
        params: { path: { purchase_id: purchaseId } },
        body: {
          ...(refund.items ? { items_refund_amount: depopDecimal(refund.items) } : {}),
          ...(refund.shipping ? { shipping_refund_amount: depopDecimal(refund.shipping) } : {}),
          ...(refund.message ? { send_buyer_message: refund.message } : {}),
        },
      });
    },
    /** A price range and similar sold items for a listing's details (GB and US only). */
    pricingInspiration: async (t: string, request: DepopSchemas['PricingInspirationRequest']): Promise<DepopPriceInspiration> => {
      const result = await api.POST('/api/v1/pricing/inspiration/', { ...bearer(t), body: request });
      return inspirationRead(amountsIn(result.response), bodyOf(result), request.currency);
    },
    /** The seller's Depop id, username and country. */
    getShop: async (t: string) => {
      const shop = bodyOf(await api.GET('/api/v1/shop/', bearer(t)));
      return { id: shop.id, username: shop.username, countryCode: shop.country_code };
    },
  };
}

export type DepopClient = ReturnType<typeof createDepopClient>;
