/**
 * eBay OAuth (ebay.md "OAuth"): the consent URL, the authorization-code exchange, refreshing a user's access token,
 * and the application token (client_credentials) that Taxonomy and Metadata take, cached until it is about to expire.
 */
import { ebayErrorFromResponse, reachEbay } from './ebay-api-error';
import type { EbayHosts } from './ebay-hosts';

/** What a connection made before sales were pulled was granted (no fulfillment scope): refreshes ask for no more. */
export const ebayUserScopesBeforeSales = [
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.account',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
] as const;

export const ebayOrdersScope = 'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly';
/** The fees of each sale (Finances API); a connection made without it keeps its fees pending until it reconnects. */
export const ebayFinancesScope = 'https://api.ebay.com/oauth/api_scope/sell.finances';

/** The seller's subscription to ORDER_CONFIRMATION (decision 076); a connection made without it is pulled only. */
export const ebayNotificationScope = 'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription';

export const ebayUserScopes = [...ebayUserScopesBeforeSales, ebayOrdersScope, ebayFinancesScope, ebayNotificationScope] as const;

/** Whether a connection's granted scopes (as stored, space-separated; null before scopes were kept) let us read orders. */
export const scopesReadOrders = (scopes: string | null): boolean => (scopes ?? '').split(' ').includes(ebayOrdersScope);

export const ebayApplicationScope = 'https://api.ebay.com/oauth/api_scope';

/** Refresh an access token when less than this is left (ebay.md: under 5 minutes). */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

export interface EbayKeyset {
  clientId: string;
  clientSecret: string;
  /** The RuName eBay gives the keyset: the consent page's redirect_uri (a name, not a URL). */
  ruName: string;
}

export interface EbayOAuthContext {
  hosts: EbayHosts;
  keyset: EbayKeyset;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface EbayAccessToken {
  accessToken: string;
  expiresAt: Date;
}

export interface EbayUserTokens extends EbayAccessToken {
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  token_type: string;
}

/** The URL of eBay's consent page; `state` comes back unchanged on the redirect to the RuName's accept URL. */
export function ebayConsentUrl(
  hosts: EbayHosts,
  keyset: Pick<EbayKeyset, 'clientId' | 'ruName'>,
  options: { state: string; scopes?: readonly string[]; promptLogin?: boolean },
): string {
  const url = new URL(`${hosts.auth}/oauth2/authorize`);
  url.searchParams.set('client_id', keyset.clientId);
  url.searchParams.set('redirect_uri', keyset.ruName);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', (options.scopes ?? ebayUserScopes).join(' '));
  url.searchParams.set('state', options.state);
  if (options.promptLogin) url.searchParams.set('prompt', 'login');
  return url.toString();
}

/** Whether an access token expiring at `expiresAt` should be refreshed before use. */
export function accessTokenNeedsRefresh(expiresAt: Date, now = Date.now()): boolean {
  return expiresAt.getTime() - now < ACCESS_TOKEN_REFRESH_MARGIN_MS;
}

async function postTokenForm(context: EbayOAuthContext, form: Record<string, string>): Promise<TokenAnswer> {
  const basic = Buffer.from(`${context.keyset.clientId}:${context.keyset.clientSecret}`).toString('base64');
  const text = await reachEbay(async () => {
    const response = await (context.fetch ?? fetch)(`${context.hosts.api}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw await ebayErrorFromResponse(response);
    return response.text();
  });
  return JSON.parse(text) as TokenAnswer;
}

/** Trades the code from the consent redirect for the user's access and refresh tokens. */
export async function exchangeAuthorizationCode(context: EbayOAuthContext, code: string): Promise<EbayUserTokens> {
  const now = (context.now ?? Date.now)();
  const answer = await postTokenForm(context, { grant_type: 'authorization_code', code, redirect_uri: context.keyset.ruName });
  if (!answer.refresh_token) throw new Error('eBay answered the code exchange without a refresh token');
  return {
    accessToken: answer.access_token,
    expiresAt: new Date(now + answer.expires_in * 1000),
    refreshToken: answer.refresh_token,
    refreshTokenExpiresAt: new Date(now + (answer.refresh_token_expires_in ?? 0) * 1000),
  };
}

/** A new access token from the refresh token (eBay sends no new refresh token). */
export async function refreshUserAccessToken(
  context: EbayOAuthContext,
  refreshToken: string,
  scopes: readonly string[] = ebayUserScopes,
): Promise<EbayAccessToken> {
  const now = (context.now ?? Date.now)();
  const answer = await postTokenForm(context, { grant_type: 'refresh_token', refresh_token: refreshToken, scope: scopes.join(' ') });
  return { accessToken: answer.access_token, expiresAt: new Date(now + answer.expires_in * 1000) };
}

/** An application token (client_credentials), for the APIs that act for the app rather than a seller. */
export async function requestApplicationToken(context: EbayOAuthContext): Promise<EbayAccessToken> {
  const now = (context.now ?? Date.now)();
  const answer = await postTokenForm(context, { grant_type: 'client_credentials', scope: ebayApplicationScope });
  return { accessToken: answer.access_token, expiresAt: new Date(now + answer.expires_in * 1000) };
}

export interface ApplicationTokenCache {
  /** The cached application token, fetched once (even for concurrent callers) when missing or about to expire. */
  get(): Promise<string>;
  /** Forgets the token, for example after eBay refused it. */
  clear(): void;
}

export function createApplicationTokenCache(context: EbayOAuthContext): ApplicationTokenCache {
  let cached: EbayAccessToken | null = null;
  let pending: Promise<EbayAccessToken> | null = null;
  const now = context.now ?? Date.now;
  return {
    async get() {
      if (cached && !accessTokenNeedsRefresh(cached.expiresAt, now())) return cached.accessToken;
      pending ??= requestApplicationToken(context).finally(() => {
        pending = null;
      });
      cached = await pending;
      return cached.accessToken;
    },
    clear() {
      cached = null;
    },
  };
}
