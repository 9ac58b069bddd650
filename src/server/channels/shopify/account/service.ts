import { createHash } from 'node:crypto';
import { shopDomainOf, shopifyMessages, type ShopifyConnectionResponse } from '@shared/contracts/shopify';
import { AppError } from '@shared/errors';
import { sealTokens } from '../../token-crypto';
import { channelAccountOf, saveChannelAccount } from '../../channel-accounts-repo';
import { beginConsent, claimConsent } from '../../oauth/consent';
import { marketplaceAccount, type ConsentAccountDeps, type MarketplaceTokens } from '../../oauth/marketplace-account';
import { sessionRetryingClient } from '../../oauth/token-retrying-client';
import type { ShopifyClient } from '../api/shopify-client';
import { ShopifyApiError } from '../api/shopify-errors';
import type { ShopifySession } from '../api/shopify-graphql';
import { authorizeUrl, ShopifyCallbackError, verifyCallback } from '../api/shopify-oauth';
import { sellerRegionIn } from '../../../seller-region/service';

/** Shopify's account deps: its client and keys; Shopify sends the seller back to the callback route. */
export interface ShopifyAccountDeps extends ConsentAccountDeps<ShopifyClient> {
  clientId: string;
  clientSecret: string;
  /** The simulated Shopify: its install page's origin under the app's address, and nothing is real. */
  simulation?: { authorizeOrigin: (shop: string) => string; openStore: (shop: string, currency: string) => void } | null;
  /** After a store connects (its orders/create webhook is subscribed then); never fails the connect. */
  onConnected?: (userId: string) => Promise<void>;
}

/** What a caller needs to talk to the seller's store: the session, and where stock is counted and published. */
export interface ShopifyStoreSession extends ShopifySession {
  /** Whose store: a call Shopify refuses the token of marks this seller's connection (the token keeper). */
  userId: string;
  locationId: string;
  publicationId: string;
  currency: string;
}

interface StoreData {
  locationId?: string | null;
  publicationId?: string | null;
  currency?: string;
}

/**
 * In the simulation every seller has a store of their own, whatever they type: the domain they typed with a part
 * of their id (which it does not show) added, so two sellers typing the same name never share a simulated store.
 */
export const simulatedShopOf = (userId: string, shop: string) => shop.replace(/\.myshopify\.com$/, `-${shopMark(userId)}.myshopify.com`);

/** Whether that simulated store is the seller's (simulatedShopOf named it for them). */
export const isSimulatedShopOf = (userId: string, shop: string) => shop.endsWith(`-${shopMark(userId)}.myshopify.com`);

const shopMark = (userId: string) => createHash('sha256').update(userId).digest('hex').slice(0, 8);

/** What the seller typed, as they see it: their simulated store's domain (or name) without the part simulatedShopOf added. */
const typedShopOf = (userId: string, shop: string) => shop.replace(new RegExp(`-${shopMark(userId)}(?=\\.myshopify\\.com$|$)`), '');

/**
 * Shopify refused the store's token: a 401 (`[API] Invalid API key or access token`), as it answers an app uninstalled
 * or a token revoked.
 */
export const shopifyTokenRefused = (error: unknown): boolean => error instanceof ShopifyApiError && error.status === 401;

/** A Shopify offline token: never refreshed, refused with a 401. */
const shopifyTokens: MarketplaceTokens<ShopifyClient> = {
  refreshMarginMs: 0,
  // Never called: an offline token comes with no refresh token, so a refused one is a connection to make again.
  refresh: () => Promise.reject(new Error('a Shopify offline token has no refresh')),
  isTokenRefused: shopifyTokenRefused,
};

/**
 * The seller's Shopify store (decisions 072, 079): OAuth on the store's own domain, the callback verified by its HMAC
 * and our `state` (the shared one-time consent state: whose it is, which store, until when), the offline token
 * encrypted in `channel_accounts`. The offline token has no end and no refresh token (decision 156): kept by the one
 * token keeper all the same, so a call Shopify answers 401 marks the connection for the seller to make again, in words.
 */
export function createShopifyAccountService(deps: ShopifyAccountDeps) {
  const { db, cipher, log } = deps;

  const { clientOrThrow, tokens, now, ...accountKit } = marketplaceAccount(deps, {
    channel: 'shopify',
    messages: shopifyMessages,
    tokens: shopifyTokens,
  });
  /** The client every Shopify call goes through: a call on a store session Shopify answers 401 marks it to reconnect. */
  const client = deps.client && sessionRetryingClient(deps.client, tokens);

  /** Shopify's install page on the store the seller typed. */
  async function startOAuth(userId: string, typed: string): Promise<string> {
    const client = clientOrThrow();
    const typedShop = shopDomainOf(typed);
    if (!typedShop) throw new AppError('BAD_REQUEST', shopifyMessages.badDomain);
    const shop = deps.simulation ? simulatedShopOf(userId, typedShop) : typedShop;
    const { state } = await beginConsent(db, { userId, channel: 'shopify', pkce: false, data: { shop }, now: now() });
    if (deps.simulation) {
      // The seller's simulated store prices in their own currency (a UK seller's in pounds): a store in dollars could
      // list none of their items (prices are never converted, decision 106).
      deps.simulation.openStore(shop, (await sellerRegionIn(db, userId)).currency);
      return authorizeUrl({ origin: deps.simulation.authorizeOrigin(shop), clientId: deps.clientId, redirectUri: deps.redirectUri, state });
    }
    return client.authorizeUrl({ shop, redirectUri: deps.redirectUri, state });
  }

  /** Shopify's callback: signed by Shopify, our state, this seller's, for the store they asked for, in time. */
  async function completeOAuth(userId: string, query: URLSearchParams): Promise<void> {
    const client = clientOrThrow();
    // Shopify's signature first: an unsigned callback spends no state.
    try {
      verifyCallback({ query, clientSecret: deps.clientSecret, expectedState: query.get('state') ?? '', now: now() });
    } catch (err) {
      if (err instanceof ShopifyCallbackError) throw new AppError('BAD_REQUEST', shopifyMessages.callbackRefused);
      throw err;
    }
    const claimed = await claimConsent(db, { userId, channel: 'shopify', state: query.get('state') ?? '', now: now() });
    const state = { shop: typeof claimed?.data.shop === 'string' ? claimed.data.shop : null };
    if (!state.shop || state.shop !== query.get('shop')) throw new AppError('BAD_REQUEST', shopifyMessages.callbackRefused);
    const granted = await client.exchangeCode(state.shop, query.get('code') ?? '');
    const info = await client.shopInfo(granted);
    if (!info.locationId) throw new AppError('CONFLICT', shopifyMessages.noLocation);
    if (!info.onlineStorePublicationId) throw new AppError('CONFLICT', shopifyMessages.noOnlineStore);
    await saveChannelAccount(db, userId, 'shopify', {
      accountRef: state.shop,
      label: info.name,
      ...sealTokens(cipher, { accessToken: granted.accessToken, refreshToken: null }),
      scopes: granted.scopes.join(','),
      accessExpiresAt: null,
      refreshExpiresAt: null,
      data: { locationId: info.locationId, publicationId: info.onlineStorePublicationId, currency: info.currency } satisfies StoreData,
    });
    log.info({ userId, shop: state.shop }, 'Shopify store connected');
    await deps.onConnected?.(userId);
  }

  async function session(userId: string): Promise<ShopifyStoreSession> {
    clientOrThrow();
    const { token, account } = await tokens.accessToken(userId);
    const data = account.data as StoreData;
    if (!data.locationId || !data.publicationId) throw new AppError('CONFLICT', shopifyMessages.notConnected);
    return {
      userId,
      shop: account.accountRef,
      accessToken: token,
      locationId: data.locationId,
      publicationId: data.publicationId,
      currency: data.currency ?? 'USD',
    };
  }

  async function getConnection(userId: string): Promise<ShopifyConnectionResponse> {
    const simulated = deps.simulation ? { simulated: true } : {};
    if (!deps.client) return { configured: false, connection: null, redirectUri: deps.redirectUri };
    const account = await channelAccountOf(db, userId, 'shopify');
    if (!account) return { configured: true, connection: null, ...simulated };
    const shown = (name: string) => (deps.simulation ? typedShopOf(userId, name) : name);
    return {
      configured: true,
      ...simulated,
      connection: {
        status: tokens.refreshDead(account) ? 'expired' : 'connected',
        shop: { domain: shown(account.accountRef), name: account.label === null ? null : shown(account.label) },
        connectedAt: account.createdAt.toISOString(),
      },
    };
  }

  return {
    ...accountKit,
    client,
    startOAuth,
    completeOAuth,
    session,
    getConnection,
  };
}

export type ShopifyAccountService = ReturnType<typeof createShopifyAccountService>;
