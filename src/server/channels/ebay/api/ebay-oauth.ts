/**
 * eBay OAuth (ebay.md "OAuth") through the shared OAuth client (channels/oauth, oauth4webapi): the consent URL, the
 * authorization-code exchange, refreshing a user's access token, and the application token (client_credentials) that
 * Taxonomy and Metadata take, cached until it is about to expire.
 */
import { createOAuthClient, OAuthTokenError, OAuthUnreachableError, type OAuthTokens } from '../../oauth/oauth-client';
import { EbayApiError, EbayUnreachableError, parseRetryAfter } from './ebay-api-error';
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

/** Views and impressions of the seller's listings (Analytics API traffic report, decision 091); without it, none shown. */
export const ebayAnalyticsScope = 'https://api.ebay.com/oauth/api_scope/sell.analytics.readonly';

export const ebayUserScopes = [
  ...ebayUserScopesBeforeSales,
  ebayOrdersScope,
  ebayFinancesScope,
  ebayNotificationScope,
  ebayAnalyticsScope,
] as const;

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

/** eBay's authorization server as the shared OAuth client sees it: a confidential client, Basic auth at the token endpoint. */
function ebayOAuth(
  context: Pick<EbayOAuthContext, 'hosts' | 'fetch' | 'now'> & {
    keyset: Pick<EbayKeyset, 'clientId' | 'ruName'> & { clientSecret?: string };
  },
) {
  return createOAuthClient({
    authorizationEndpoint: `${context.hosts.auth}/oauth2/authorize`,
    tokenEndpoint: `${context.hosts.api}/identity/v1/oauth2/token`,
    clientId: context.keyset.clientId,
    clientAuth: { kind: 'basic', clientSecret: context.keyset.clientSecret ?? '' },
    redirectUri: context.keyset.ruName,
    // eBay names its tokens' type rather than saying Bearer (ebay.md "OAuth").
    tokenTypes: ['User Access Token', 'Application Access Token'],
    fetch: context.fetch,
    now: context.now,
  });
}

/** The token endpoint's failures in eBay's error types, as every other eBay call gives them. */
async function asEbayErrors<T>(exchange: () => Promise<T>): Promise<T> {
  try {
    return await exchange();
  } catch (error) {
    if (error instanceof OAuthUnreachableError) throw new EbayUnreachableError(error.cause);
    if (error instanceof OAuthTokenError)
      throw new EbayApiError({
        httpStatus: error.status,
        errors: error.error ? [{ errorId: 0, message: error.description ?? error.error, parameters: [] }] : [],
        oauthError: error.error,
        retryAfterSeconds: parseRetryAfter(error.retryAfter),
        fallbackMessage: `eBay answered HTTP ${error.status}${error.body && !error.error ? `: ${error.body.slice(0, 200)}` : ''}`,
      });
    throw error;
  }
}

/** The URL of eBay's consent page; `state` comes back unchanged on the redirect to the RuName's accept URL. */
export function ebayConsentUrl(
  hosts: EbayHosts,
  keyset: Pick<EbayKeyset, 'clientId' | 'ruName'>,
  options: { state: string; scopes?: readonly string[]; promptLogin?: boolean },
): string {
  return ebayOAuth({ hosts, keyset }).authorizationUrl({
    state: options.state,
    scopes: options.scopes ?? ebayUserScopes,
    extra: options.promptLogin ? { prompt: 'login' } : {},
  });
}

/** Whether an access token expiring at `expiresAt` should be refreshed before use. */
export function accessTokenNeedsRefresh(expiresAt: Date, now = Date.now()): boolean {
  return expiresAt.getTime() - now < ACCESS_TOKEN_REFRESH_MARGIN_MS;
}

/** Trades the code from the consent redirect for the user's access and refresh tokens (eBay uses no PKCE). */
export async function exchangeAuthorizationCode(context: EbayOAuthContext, code: string, state?: string): Promise<EbayUserTokens> {
  const tokens = await asEbayErrors(() => ebayOAuth(context).exchangeCode({ code, state, codeVerifier: null }));
  if (!tokens.refreshToken) throw new Error('eBay answered the code exchange without a refresh token');
  const at = (context.now ?? Date.now)();
  return {
    accessToken: tokens.accessToken,
    expiresAt: tokens.accessExpiresAt ?? new Date(at),
    refreshToken: tokens.refreshToken,
    refreshTokenExpiresAt: tokens.refreshExpiresAt ?? new Date(at),
  };
}

/** A new access token from the refresh token (eBay sends no new refresh token). */
export async function refreshUserAccessToken(
  context: EbayOAuthContext,
  refreshToken: string,
  scopes: readonly string[] = ebayUserScopes,
): Promise<OAuthTokens> {
  return asEbayErrors(() => ebayOAuth(context).refresh(refreshToken, scopes));
}

/** An application token (client_credentials), for the APIs that act for the app rather than a seller. */
export async function requestApplicationToken(context: EbayOAuthContext): Promise<EbayAccessToken> {
  const tokens = await asEbayErrors(() => ebayOAuth(context).clientCredentials([ebayApplicationScope]));
  return { accessToken: tokens.accessToken, expiresAt: tokens.accessExpiresAt ?? new Date((context.now ?? Date.now)()) };
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
