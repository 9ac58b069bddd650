import createClient, { type Middleware } from 'openapi-fetch';
import { toDecimal, type Money } from '@shared/domain/money';
import { documentedCalls } from '../../documented-calls';
import { createOAuthClient, type OAuthTokens } from '../../oauth/oauth-client';
import type { components, paths } from './generated/depop';
import { DepopAnswerError, DepopUnreachableError, depopErrorOf } from './depop-errors';
import { depopDecimal, moneyOfDepop } from './depop-money';

export type DepopSchemas = components['schemas'];
export type DepopProduct = DepopSchemas['Product'];
export type DepopOrder = DepopSchemas['Order'];
export type DepopFeeType = DepopSchemas['FeeBreakdown']['fee_type'];

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

/** The amounts a product is written with, in one currency (the shop's). */
export interface DepopAmounts {
  price: Money;
  /** Shown as the price, the price crossed out. */
  discountPrice?: Money;
  /** Sent to buyers who liked or bagged it (needs offers_write). */
  autoSendOfferPrice?: Money;
  /** Accepted at or above, countered below (needs offers_write). */
  autoNegotiateOfferPrice?: Money;
  /** Either this (manual shipping; 0: free) or the fields' `depop_shipping`. */
  nationalShipping?: Money;
  internationalShipping?: Money;
}

type AmountFields =
  | 'price_amount'
  | 'price_currency'
  | 'discount_price'
  | 'auto_send_offer_price'
  | 'auto_negotiate_offer_price'
  | 'national_shipping_cost'
  | 'international_shipping_cost';

/** A new product (POST /api/v1/products/): the document's fields, its amounts as Money. */
export type DepopNewProduct = Omit<DepopSchemas['ProductCreateRequest'], AmountFields> & DepopAmounts;
/** A product created or updated by SKU (PUT by SKU): the document's fields, its amounts as Money. */
export type DepopProductFields = Omit<DepopSchemas['ProductPutRequest'], AmountFields> & DepopAmounts;

/** What a patch by SKU changes (PatchProductRequest): the price, the discount, the offer prices, the quantity. */
export interface DepopProductPatch {
  price?: Money;
  discountPrice?: Money;
  autoSendOfferPrice?: Money;
  autoNegotiateOfferPrice?: Money;
  quantity?: number;
}

/** A product as Depop answers it, with its amounts as Money (offer prices only with offers_read). */
export interface DepopProductRead {
  product: DepopProduct;
  price: Money;
  /** The price a buyer pays now: the discount's when one is set. */
  currentPrice: Money;
  autoSendOfferPrice: Money | null;
  autoNegotiateOfferPrice: Money | null;
  nationalShipping: Money | null;
  internationalShipping: Money | null;
}

/** An order's refund (refund_summary), its amounts as Money. */
export interface DepopRefund {
  buyerRefund: Money;
  refundedAt: Date;
  refundedBy: 'PARTNER' | 'DEPOP';
  toBuyer: { items: Money; shipping: Money; depopFee: Money; tax: Money };
  toSeller: { adsFee: Money; paymentFee: Money; depopFee: Money; shipping: Money };
}

/** An order as Depop answers it, with its amounts as Money: what the buyer paid, each fee, what the seller receives. */
export interface DepopOrderRead {
  order: DepopOrder;
  currency: string;
  buyerPays: Money;
  sellerReceives: Money;
  buyerShipping: Money;
  buyerTax: Money | null;
  fees: { type: DepopFeeType; amount: Money }[];
  lines: { sku: string | null; productId: number; slug: string; originalPrice: Money; soldPrice: Money; soldViaOffers: boolean }[];
  refund: DepopRefund | null;
}

/** A token request's form as the document has it, but the client's id and secret (the client adds them). */
type TokenForm = Omit<
  NonNullable<paths['/api/v1/oauth2/access-token/']['post']['requestBody']>['content']['application/x-www-form-urlencoded'],
  'client_id' | 'client_secret'
>;

/** A page of a cursor-paged list: the cursor of the next page, whether there is one. */
export interface DepopPage<T> {
  items: T[];
  cursor: string | null;
  hasMore: boolean;
}

export interface DepopPriceInspiration {
  lowerBound: Money | null;
  balanced: Money | null;
  upperBound: Money | null;
  similarSold: { brand: string | null; condition: string | null; soldPrice: Money; pictureUrl: string | null }[];
}

/** All amounts of a write in one currency: Depop takes one `price_currency` for them all. */
function currencyOf(amounts: readonly (Money | undefined)[]): string {
  const currencies = new Set(amounts.flatMap((amount) => (amount ? [amount.currency] : [])));
  if (currencies.size > 1) throw new Error(`A Depop product's amounts are in one currency, not ${[...currencies].join(' and ')}`);
  return [...currencies][0] ?? '';
}

const decimalOf = (amount: Money | undefined) => (amount ? depopDecimal(amount) : undefined);

/** The document's amount fields of a product's Money (absent ones left out). */
function amountFields(amounts: DepopAmounts) {
  const { price, discountPrice, autoSendOfferPrice, autoNegotiateOfferPrice, nationalShipping, internationalShipping } = amounts;
  currencyOf([price, discountPrice, autoSendOfferPrice, autoNegotiateOfferPrice, nationalShipping, internationalShipping]);
  const fields = {
    price_currency: price.currency,
    price_amount: depopDecimal(price),
    discount_price: decimalOf(discountPrice),
    auto_send_offer_price: decimalOf(autoSendOfferPrice),
    auto_negotiate_offer_price: decimalOf(autoNegotiateOfferPrice),
    national_shipping_cost: decimalOf(nationalShipping),
    international_shipping_cost: decimalOf(internationalShipping),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as typeof fields;
}

/** The product's own fields without its Money ones (the rest of DepopAmounts is sent as the document's fields). */
function withoutAmounts<T extends DepopAmounts>(fields: T): Omit<T, keyof DepopAmounts> {
  const rest: Partial<T> = { ...fields };
  for (const name of [
    'price',
    'discountPrice',
    'autoSendOfferPrice',
    'autoNegotiateOfferPrice',
    'nationalShipping',
    'internationalShipping',
  ])
    delete rest[name as keyof T];
  return rest as Omit<T, keyof DepopAmounts>;
}

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
  async function send(request: Request): Promise<Response> {
    const body = request.body === null ? undefined : await request.arrayBuffer();
    try {
      return await doFetch(request.url, { method: request.method, headers: request.headers, body });
    } catch (err) {
      throw new DepopUnreachableError(err);
    }
  }

  /** Each answer's call in the document's words ("GET /api/v1/shop/"), for the errors that name it. */
  const callOf = new WeakMap<Response, string>();

  /**
   * Depop's answer before openapi-fetch reads it: an error status is a DepopApiError (the document's code and message);
   * a success with a body is JSON in the document, so one that is not fails as a DepopAnswerError naming the call.
   */
  const answers: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      const call = `${request.method} ${schemaPath}`;
      callOf.set(response, call);
      let text: string;
      try {
        text = await response.clone().text();
      } catch (err) {
        throw new DepopUnreachableError(err);
      }
      if (!response.ok) throw depopErrorOf(response.status, text, response.headers.get('retry-after'));
      if (!text) return undefined;
      try {
        JSON.parse(text);
      } catch {
        throw new DepopAnswerError(call, response.status, `is not JSON: ${text.slice(0, 200)}`);
      }
      return undefined;
    },
  };

  const client = createClient<paths>({ baseUrl: apiBase, headers: { accept: 'application/json' }, fetch: send });
  client.use(answers);
  const api = documentedCalls(client);

  /** The answer's body, the document's schema for the call's success (the middleware has refused everything else). */
  function bodyOf<T>(result: { data?: T; response: Response }): T {
    if (result.data === undefined)
      throw new DepopAnswerError(callOf.get(result.response) ?? 'the call', result.response.status, 'has no body');
    return result.data;
  }

  /** An amount of an answer as Money, or a DepopAnswerError naming the call and the field. */
  function moneyIn(response: Response, field: string, text: string, currency: string): Money {
    const value = moneyOfDepop(text, currency);
    if (!value)
      throw new DepopAnswerError(
        callOf.get(response) ?? 'the call',
        response.status,
        `gives ${field} "${text}", not an amount of ${currency}`,
      );
    return value;
  }
  const optionalMoneyIn = (response: Response, field: string, text: string | undefined, currency: string) =>
    text === undefined ? null : moneyIn(response, field, text, currency);

  function productRead(response: Response, product: DepopProduct): DepopProductRead {
    const currency = product.price_currency;
    return {
      product,
      price: moneyIn(response, 'price_amount', product.price_amount, currency),
      currentPrice: moneyIn(response, 'current_price', product.current_price ?? product.price_amount, currency),
      autoSendOfferPrice: optionalMoneyIn(response, 'auto_send_offer_price', product.auto_send_offer_price, currency),
      autoNegotiateOfferPrice: optionalMoneyIn(response, 'auto_negotiate_offer_price', product.auto_negotiate_offer_price, currency),
      nationalShipping: optionalMoneyIn(response, 'national_shipping_cost', product.national_shipping_cost, currency),
      internationalShipping: optionalMoneyIn(response, 'international_shipping_cost', product.international_shipping_cost, currency),
    };
  }

  function refundRead(response: Response, order: DepopOrder): DepopRefund | null {
    const summary = order.refund_summary;
    if (!summary) return null;
    const at = (field: string, text: string) => moneyIn(response, `refund_summary.${field}`, text, order.currency);
    const { refunded_to_buyer: buyer, refunded_to_seller: seller } = summary.breakdown;
    return {
      buyerRefund: at('buyer_refund_amount', summary.buyer_refund_amount),
      refundedAt: new Date(summary.refund_date),
      refundedBy: summary.refunded_by,
      toBuyer: {
        items: at('item_refund_amount', buyer.item_refund_amount),
        shipping: at('shipping_refund_amount', buyer.shipping_refund_amount),
        depopFee: at('depop_fee_refund_amount', buyer.depop_fee_refund_amount),
        tax: at('tax_refund_amount', buyer.tax_refund_amount),
      },
      toSeller: {
        adsFee: at('ads_fee_refund_amount', seller.ads_fee_refund_amount),
        paymentFee: at('payment_fee_refund_amount', seller.payment_fee_refund_amount),
        depopFee: at('depop_fee_refund_amount', seller.depop_fee_refund_amount),
        shipping: at('shipping_refund_amount', seller.shipping_refund_amount),
      },
    };
  }

  function orderRead(response: Response, order: DepopOrder): DepopOrderRead {
    const { currency } = order;
    return {
      order,
      currency,
      buyerPays: moneyIn(response, 'buyer_pays_amount', order.buyer_pays_amount, currency),
      sellerReceives: moneyIn(response, 'seller_receives_amount', order.seller_receives_amount, currency),
      buyerShipping: moneyIn(response, 'buyer_shipping_price', order.buyer_shipping_price, currency),
      buyerTax: optionalMoneyIn(response, 'buyer_tax_amount', order.buyer_tax_amount, currency),
      // Each fee names its own currency.
      fees: order.seller_fee_breakdown.map((fee) => ({
        type: fee.fee_type,
        amount: moneyIn(response, fee.fee_type, fee.amount, fee.currency),
      })),
      lines: order.line_items.map((line) => ({
        sku: line.sku ?? null,
        productId: line.product_id,
        slug: line.slug,
        originalPrice: moneyIn(response, 'original_price', line.original_price, currency),
        soldPrice: moneyIn(response, 'sold_price', line.sold_price, currency),
        soldViaOffers: line.sold_via_offers,
      })),
      refund: refundRead(response, order),
    };
  }

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
      items: (page.data ?? []).map((product) => productRead(result.response, product)),
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
      const created = bodyOf(
        await api.POST('/api/v1/products/', { ...bearer(t), body: { ...withoutAmounts(product), ...amountFields(product) } }),
      );
      return { productId: created.product_id, slug: created.slug, sku: created.sku ?? null };
    },
    /** The SKU's product created, or updated with these details (a sold one restocked with the quantity). */
    putProductBySku: async (t: string, sku: string, product: DepopProductFields) => {
      const saved = bodyOf(
        await api.PUT('/api/v1/products/by-sku/{sku}/', {
          ...bySku(t, sku),
          body: { ...withoutAmounts(product), ...amountFields(product) },
        }),
      );
      return { productId: saved.product_id, slug: saved.slug, sku: saved.sku ?? sku };
    },
    /** The price, discount, offer prices or quantity of a product on sale (offer prices need offers_write). */
    patchProductBySku: async (t: string, sku: string, patch: DepopProductPatch): Promise<void> => {
      const { price, discountPrice, autoSendOfferPrice, autoNegotiateOfferPrice, quantity } = patch;
      currencyOf([price, discountPrice, autoSendOfferPrice, autoNegotiateOfferPrice]);
      const body = {
        price_amount: decimalOf(price),
        discount_price: decimalOf(discountPrice),
        auto_send_offer_price: decimalOf(autoSendOfferPrice),
        auto_negotiate_offer_price: decimalOf(autoNegotiateOfferPrice),
        quantity,
      };
      await api.PATCH('/api/v1/products/by-sku/{sku}/', {
        ...bySku(t, sku),
        body: Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
      });
    },
    getProductBySku: async (t: string, sku: string): Promise<DepopProductRead> => {
      const result = await api.GET('/api/v1/products/by-sku/{sku}/', bySku(t, sku));
      return productRead(result.response, bodyOf(result));
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
        items: (page.data ?? []).map((order) => orderRead(result.response, order)),
        cursor: page.meta?.cursor ?? null,
        hasMore: page.meta?.has_more ?? false,
      };
    },
    getOrder: async (t: string, purchaseId: string): Promise<DepopOrderRead> => {
      const result = await api.GET('/api/v1/orders/{purchase_id}/', { ...bearer(t), params: { path: { purchase_id: purchaseId } } });
      return orderRead(result.response, bodyOf(result));
    },
    /** The order's refund (its refund_summary), null when it has none. */
    getRefund: async (t: string, purchaseId: string): Promise<DepopRefund | null> => {
      const result = await api.GET('/api/v1/orders/{purchase_id}/', { ...bearer(t), params: { path: { purchase_id: purchaseId } } });
      return refundRead(result.response, bodyOf(result));
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
      const answer = bodyOf(result);
      const at = (field: string, text: string | undefined) => optionalMoneyIn(result.response, field, text, request.currency);
      return {
        lowerBound: at('lower_bound', answer.price_prediction.lower_bound),
        balanced: at('balanced', answer.price_prediction.balanced ?? answer.price_prediction.prediction),
        upperBound: at('upper_bound', answer.price_prediction.upper_bound),
        similarSold: answer.similar_sold_items.flatMap((item) =>
          item.sold_price_amount === undefined || item.sold_price_currency === undefined
            ? []
            : [
                {
                  brand: item.brand_name ?? null,
                  condition: item.condition ?? null,
                  soldPrice: moneyIn(result.response, 'sold_price_amount', item.sold_price_amount, item.sold_price_currency),
                  pictureUrl: item.picture?.url ?? null,
                },
              ],
        ),
      };
    },
    /** The seller's Depop id, username and country. */
    getShop: async (t: string) => {
      const shop = bodyOf(await api.GET('/api/v1/shop/', bearer(t)));
      return { id: shop.id, username: shop.username, countryCode: shop.country_code };
    },
  };
}

export type DepopClient = ReturnType<typeof createDepopClient>;
