/**
 * Shopify's OAuth authorization-code grant for a store the seller connects: the consent page on the shop's own admin
 * (/admin/oauth/authorize), a callback whose query Shopify signs (`hmac`, HMAC-SHA256 hex over the other parameters
 * sorted by name) and that carries back our `state` nonce, then the code exchanged at /admin/oauth/access_token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the channel asks for: products and their photos, publishing, inventory, and reading orders. */
export const SHOPIFY_SCOPES = ['read_products', 'write_products', 'write_publications', 'write_inventory', 'read_orders'] as const;

/** Shopify's tolerance for the callback's timestamp (its own library's: 90 seconds). */
const CALLBACK_MAX_AGE_SECONDS = 90;

/** A shop's permanent domain: name.myshopify.com, nothing else (the callback's `shop` decides where the code goes). */
export const isShopDomain = (shop: string): boolean => /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/.test(shop);

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function authorizeUrl(input: {
  origin: string;
  clientId: string;
  redirectUri: string;
  state: string;
  scopes?: readonly string[];
}): string {
  const url = new URL(`${input.origin.replace(/\/+$/, '')}/admin/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: input.clientId,
    scope: (input.scopes ?? SHOPIFY_SCOPES).join(','),
    redirect_uri: input.redirectUri,
    state: input.state,
  }).toString();
  return url.toString();
}

/** The `hmac` Shopify puts on a callback query: hex HMAC-SHA256 over the other parameters, sorted, as a query string. */
export function callbackHmac(query: URLSearchParams, clientSecret: string): string {
  const rest = [...query].filter(([name]) => name !== 'hmac' && name !== 'signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHmac('sha256', clientSecret).update(new URLSearchParams(rest).toString()).digest('hex');
}

export type CallbackProblem = 'bad-hmac' | 'bad-state' | 'bad-shop' | 'stale' | 'missing-code';

export class ShopifyCallbackError extends Error {
  constructor(readonly problem: CallbackProblem) {
    super(`Shopify's callback was refused: ${problem}`);
    this.name = 'ShopifyCallbackError';
  }
}

/** Checks a callback (signature, our nonce, the shop's domain, its age) and gives the shop and the code to exchange. */
export function verifyCallback(input: { query: URLSearchParams; clientSecret: string; expectedState: string; now?: number }): {
  shop: string;
  code: string;
} {
  const { query } = input;
  if (!sameText(query.get('hmac') ?? '', callbackHmac(query, input.clientSecret))) throw new ShopifyCallbackError('bad-hmac');
  if (!sameText(query.get('state') ?? '', input.expectedState)) throw new ShopifyCallbackError('bad-state');
  const shop = query.get('shop') ?? '';
  if (!isShopDomain(shop)) throw new ShopifyCallbackError('bad-shop');
  const age = Math.abs((input.now ?? Date.now()) / 1000 - Number(query.get('timestamp')));
  if (!(age <= CALLBACK_MAX_AGE_SECONDS)) throw new ShopifyCallbackError('stale');
  const code = query.get('code');
  if (!code) throw new ShopifyCallbackError('missing-code');
  return { shop, code };
}
