import { depopAnswerMessages, depopMessages, type DepopShopSettings, type DepopShopSettingsBody } from '@shared/contracts/depop';
import { money, type Money } from '@shared/domain/money';
import { AppError } from '@shared/errors';
import { sealTokens } from '../../token-crypto';
import { channelAccountOf, saveChannelAccount, updateChannelAccountData, type ChannelAccountRow } from '../../channel-accounts-repo';
import { beginPkceConsent, claimPkceVerifier } from '../../oauth/consent';
import { marketplaceAccount, type ConsentAccountDeps, type MarketplaceTokens } from '../../oauth/marketplace-account';
import { tokenRetryingClient } from '../../oauth/token-retrying-client';
import { DEPOP_SCOPES, type DepopClient } from '../api/depop-client';
import { DepopApiError, depopTokenRefused } from '../api/depop-errors';

/** Depop's refresh token lives a year from the consent (contracts/depop/GUIDES.md). */
const REFRESH_LIFE_MS = 365 * 86_400_000;
/** An access token (an hour) this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

/** Depop's account deps: its client and keys; Depop sends the seller back to the Marketplaces screen. */
export interface DepopAccountDeps extends ConsentAccountDeps<DepopClient> {
  simulated?: boolean;
}

/** What only Depop keeps of a connection (`channel_accounts.data`); its reference is the Depop seller id. */
interface DepopAccountData {
  username?: string;
  countryCode?: string;
  /** The shop's currency: GBP for a GB seller, USD for a US one (every price is sent in it). */
  currency?: string;
  /** The shop's default national shipping price, minor units in its currency (decision 168); absent: none. */
  defaultNationalShipping?: { amountMinor: number; currency: string } | null;
}

/** What a caller needs to talk to Depop for a seller: the client, a fresh token, the shop. */
export interface DepopSession {
  client: DepopClient;
  accessToken: string;
  sellerId: string;
  currency: string;
  countryCode: string;
  /** The shop's default national shipping price, where the seller set one (an item's own comes first). */
  defaultShipping: Money | null;
}

const CURRENCY_OF_COUNTRY: Record<string, string> = { GB: 'GBP', US: 'USD' };
const dataOf = (account: ChannelAccountRow) => account.data as DepopAccountData;
const defaultShippingOf = (data: DepopAccountData): Money | null =>
  data.defaultNationalShipping ? money(data.defaultNationalShipping.amountMinor, data.defaultNationalShipping.currency) : null;

/** How Depop's tokens are refreshed, and how Depop refuses one. */
const depopTokens: MarketplaceTokens<DepopClient> = {
  refreshMarginMs: EXPIRY_MARGIN_MS,
  refresh: (client, refreshToken) => client.refresh(refreshToken),
  // Depop refused the refresh token (spent, revoked or past its year): the seller reconnects.
  isRefused: (err) => err instanceof DepopApiError && (err.status === 400 || err.status === 401),
  isTokenRefused: depopTokenRefused,
};

/**
 * The seller's Depop shop: OAuth 2.0 with PKCE through the shared consent (state and verifier kept in the database),
 * the tokens encrypted in `channel_accounts` and refreshed by the shared token keeper before they end and when Depop
 * answers a call 401 `unauthorized` (Depop spends the refresh token each refresh uses), disconnected by forgetting them.
 */
export function createDepopAccountService(deps: DepopAccountDeps) {
  const { db, cipher, log } = deps;

  const { clientOrThrow, tokens, now, ...accountKit } = marketplaceAccount(deps, {
    channel: 'depop',
    messages: depopMessages,
    tokens: depopTokens,
  });

  async function startOAuth(userId: string): Promise<string> {
    const client = clientOrThrow();
    const { state, codeChallenge } = await beginPkceConsent(db, { userId, channel: 'depop', now: now() });
    return client.authorizeUrl({ state, codeChallenge, redirectUri: deps.redirectUri, scopes: DEPOP_SCOPES });
  }

  /** The consent's redirect: the state must be this seller's, unused and unexpired; its verifier proves the round trip. */
  async function completeOAuth(userId: string, code: string, state: string): Promise<void> {
    const client = clientOrThrow();
    const codeVerifier = await claimPkceVerifier(
      db,
      { userId, channel: 'depop', state, now: now() },
      () => new AppError('BAD_REQUEST', depopMessages.stateInvalid),
    );
    const granted = await client.exchangeCode({ code, codeVerifier, redirectUri: deps.redirectUri });
    const shop = await client.getShop(granted.accessToken);
    await saveChannelAccount(db, userId, 'depop', {
      accountRef: String(shop.id),
      label: shop.username,
      ...sealTokens(cipher, granted),
      accessExpiresAt: granted.accessExpiresAt ?? new Date(now()),
      refreshExpiresAt: granted.refreshExpiresAt ?? new Date(now() + REFRESH_LIFE_MS),
      scopes: DEPOP_SCOPES.join(' '),
      data: {
        username: shop.username,
        countryCode: shop.countryCode,
        currency: CURRENCY_OF_COUNTRY[shop.countryCode] ?? 'GBP',
      } satisfies DepopAccountData,
    });
    log.info({ userId, depopSellerId: shop.id }, 'Depop shop connected');
  }

  /** The seller's shop and a client whose calls refresh a token Depop refuses before its end, once, and try again. */
  async function session(userId: string): Promise<DepopSession> {
    const client = clientOrThrow();
    const { token, account } = await tokens.accessToken(userId);
    const data = dataOf(account);
    return {
      client: tokenRetryingClient(client, tokens, userId, token),
      accessToken: token,
      sellerId: account.accountRef,
      currency: data.currency ?? 'GBP',
      countryCode: data.countryCode ?? 'GB',
      defaultShipping: defaultShippingOf(data),
    };
  }

  /** The connected shop's settings; none (a null currency) before a shop is connected. */
  async function shopSettings(userId: string): Promise<DepopShopSettings> {
    const account = await channelAccountOf(db, userId, 'depop');
    if (!account) return { nationalShipping: null, currency: null };
    const data = dataOf(account);
    return { nationalShipping: defaultShippingOf(data), currency: data.currency ?? 'GBP' };
  }

  /** Keeps the shop's default shipping price, in the shop's currency only (a 400 in its words otherwise); 409 unconnected. */
  async function saveShopSettings(userId: string, body: DepopShopSettingsBody): Promise<DepopShopSettings> {
    const { currency } = await shopSettings(userId);
    if (currency === null) throw new AppError('CONFLICT', depopMessages.notConnected);
    const shipping = body.nationalShipping;
    if (shipping && shipping.currency !== currency) throw new AppError('BAD_REQUEST', depopAnswerMessages.currency(currency));
    await updateChannelAccountData(db, userId, 'depop', {
      defaultNationalShipping: shipping ? { amountMinor: shipping.amountMinor, currency: shipping.currency } : null,
    });
    return shopSettings(userId);
  }

  async function connection(userId: string) {
    if (!deps.client) return { configured: false, simulated: false, status: 'not-connected' as const, label: null };
    const account = await channelAccountOf(db, userId, 'depop');
    const simulated = Boolean(deps.simulated);
    if (!account) return { configured: true, simulated, status: 'not-connected' as const, label: null };
    if (tokens.refreshDead(account)) return { configured: true, simulated, status: 'expired' as const, label: account.label };
    return { configured: true, simulated, status: 'connected' as const, label: account.label };
  }

  return {
    ...accountKit,
    startOAuth,
    completeOAuth,
    session,
    connection,
    shopSettings,
    saveShopSettings,
  };
}

export type DepopAccountService = ReturnType<typeof createDepopAccountService>;
