import { etsyMessages, type EtsyConnectionResponse, type EtsyShopSetupBody } from '@shared/contracts/etsy';
import { moneyMessages } from '@shared/contracts/money';
import { AppError } from '@shared/errors';
import { sellerRegionIn } from '../../../seller-region/service';
import { sealTokens } from '../../token-crypto';
import { channelAccountOf, saveChannelAccount, updateChannelAccountData, type ChannelAccountRow } from '../../channel-accounts-repo';
import { beginPkceConsent, claimPkceVerifier } from '../../oauth/consent';
import { marketplaceAccount, type ConsentAccountDeps, type MarketplaceTokens } from '../../oauth/marketplace-account';
import { tokenRetryingClient } from '../../oauth/token-retrying-client';
import { EtsyApiError, etsyTokenRefused } from '../api/etsy-errors';
import { ETSY_SCOPES, type EtsyClient } from '../api/etsy-client';
import { etsyProcessingProfileFormOf, etsyReturnPolicyFormOf, etsyShippingProfileFormOf } from './shop-setup-forms';

/** Etsy's refresh tokens live 90 days. */
const REFRESH_LIFE_MS = 90 * 86_400_000;
/** An access token this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Etsy's account deps: its client and keyset; Etsy sends the seller back to the Marketplaces screen (registered with
 * the app's keystring).
 */
export interface EtsyAccountDeps extends ConsentAccountDeps<EtsyClient> {
  /** The client talks to the simulated Etsy: the Marketplaces screen says so. */
  simulated?: boolean;
}

/** What a caller needs to talk to Etsy for a seller: a fresh access token and the shop. */
export interface EtsySession {
  client: EtsyClient;
  accessToken: string;
  shopId: string;
  shippingProfileId: string | null;
  returnPolicyId: string | null;
  processingProfileId: string | null;
  /** The shop's currency (getShop `currency_code`): every price sent to it is in it. */
  currency: string;
}

/** What only Etsy keeps of a connection, in `channel_accounts.data` (its reference is the shop id, its label the shop's name). */
interface EtsyAccountData {
  etsyUserId?: string;
  shopId?: string;
  shippingProfileId?: string | null;
  returnPolicyId?: string | null;
  processingProfileId?: string | null;
  /** getShop's `currency_code`, read at each connection (decision 106); a connection made before it was kept is USD. */
  currency?: string;
}
const dataOf = (account: ChannelAccountRow) => account.data as EtsyAccountData;

/** How Etsy's tokens are refreshed (each refresh token lives REFRESH_LIFE_MS from its grant), and how Etsy refuses one. */
const etsyTokens: MarketplaceTokens<EtsyClient> = {
  refreshMarginMs: EXPIRY_MARGIN_MS,
  refresh: async (client, refreshToken, now) => ({
    ...(await client.refresh(refreshToken)),
    refreshExpiresAt: new Date(now() + REFRESH_LIFE_MS),
  }),
  // Etsy refused the refresh token (revoked, spent, or past its life): the seller reconnects.
  isRefused: (err) => err instanceof EtsyApiError && (err.status === 400 || err.status === 401),
  isTokenRefused: etsyTokenRefused,
};

/**
 * The seller's Etsy connection (decision 079): OAuth 2 with PKCE through the shared consent (state and verifier kept
 * in the database), tokens encrypted in `channel_accounts` and refreshed by the shared token keeper (one refresh at a
 * time per seller, across processes too: Etsy spends the refresh token each refresh uses), and the shop's shipping
 * profile and return policy, read or created.
 */
export function createEtsyAccountService(deps: EtsyAccountDeps) {
  const { db, cipher, log } = deps;

  const { clientOrThrow, tokens, now, ...accountKit } = marketplaceAccount(deps, {
    channel: 'etsy',
    messages: etsyMessages,
    tokens: etsyTokens,
  });
  const accountOf = (userId: string) => channelAccountOf(db, userId, 'etsy');

  async function startOAuth(userId: string): Promise<string> {
    const client = clientOrThrow();
    const { state, codeChallenge } = await beginPkceConsent(db, { userId, channel: 'etsy', now: now() });
    const url = client.authorizeUrl({ state, codeChallenge, redirectUri: deps.redirectUri });
    if (!deps.simulated) return url;
    // The simulated Etsy's new shop starts in the seller's own currency (a UK seller's in pounds), as a real shop of
    // theirs would be: a shop in dollars could list none of their items (prices are never converted, decision 106).
    const hinted = new URL(url);
    hinted.searchParams.set('shop_currency', (await sellerRegionIn(db, userId)).currency);
    return hinted.toString();
  }

  /** The consent's redirect: the state must be this seller's, unused and unexpired; its verifier proves the round trip. */
  async function completeOAuth(userId: string, code: string, state: string): Promise<void> {
    const client = clientOrThrow();
    const codeVerifier = await claimPkceVerifier(
      db,
      { userId, channel: 'etsy', state, now: now() },
      () => new AppError('BAD_REQUEST', etsyMessages.stateInvalid),
    );
    const granted = await client.exchangeCode({ code, state, codeVerifier, redirectUri: deps.redirectUri });
    const me = await client.getMe(granted.accessToken);
    if (!me.shop_id) throw new AppError('CONFLICT', etsyMessages.noShop);
    const shop = await client.getShop(granted.accessToken, String(me.shop_id));
    const shopId = String(me.shop_id);
    // Reconnecting the same shop keeps what was read of its setup; another shop starts afresh.
    const existing = await accountOf(userId);
    const kept = existing?.accountRef === shopId ? dataOf(existing) : {};
    await saveChannelAccount(db, userId, 'etsy', {
      accountRef: shopId,
      label: shop.shop_name ?? null,
      ...sealTokens(cipher, granted),
      accessExpiresAt: granted.accessExpiresAt ?? new Date(now()),
      refreshExpiresAt: new Date(now() + REFRESH_LIFE_MS),
      scopes: ETSY_SCOPES.join(' '),
      data: { ...kept, etsyUserId: String(me.user_id), shopId, currency: shop.currency_code ?? 'USD' } satisfies EtsyAccountData,
    });
    log.info({ userId, shopId }, 'Etsy shop connected');
  }

  /** A fresh access token for the seller; one refresh at a time per seller, whoever asks. */
  async function accessToken(userId: string): Promise<{ token: string; account: ChannelAccountRow }> {
    clientOrThrow();
    return tokens.accessToken(userId);
  }

  async function session(userId: string): Promise<EtsySession> {
    const { token, account } = await accessToken(userId);
    const data = dataOf(account);
    if (!data.shopId) throw new AppError('CONFLICT', etsyMessages.noShop);
    return {
      // Each call refreshes a token Etsy refuses before its end, once, and tries again.
      client: tokenRetryingClient(clientOrThrow(), tokens, userId, token),
      accessToken: token,
      shopId: data.shopId,
      shippingProfileId: data.shippingProfileId ?? null,
      returnPolicyId: data.returnPolicyId ?? null,
      processingProfileId: data.processingProfileId ?? null,
      currency: data.currency ?? 'USD',
    };
  }

  /** The shop's shipping profile and return policy as Etsy has them now (the first of each), remembered for listings. */
  async function readShopSetup(userId: string, s: EtsySession) {
    const [profiles, policies, processing] = await Promise.all([
      s.client.getShippingProfiles(s.accessToken, s.shopId),
      s.client.getReturnPolicies(s.accessToken, s.shopId),
      s.client.getProcessingProfiles(s.accessToken, s.shopId),
    ]);
    const profile = (profiles.results ?? []).find((p) => !p.is_deleted) ?? null;
    const policy = (policies.results ?? [])[0] ?? null;
    const shippingProfileId = profile ? String(profile.shipping_profile_id) : null;
    const returnPolicyId = policy ? String(policy.return_policy_id) : null;
    const ready = (processing.results ?? []).find((p) => p.readiness_state === 'ready_to_ship') ?? null;
    const processingProfileId = ready ? String(ready.readiness_state_id) : null;
    if (shippingProfileId !== s.shippingProfileId || returnPolicyId !== s.returnPolicyId || processingProfileId !== s.processingProfileId) {
      await updateChannelAccountData(db, userId, 'etsy', {
        shippingProfileId,
        returnPolicyId,
        processingProfileId,
      } satisfies EtsyAccountData);
    }
    return {
      shippingProfile: profile ? { id: String(profile.shipping_profile_id), title: profile.title ?? 'Shipping profile' } : null,
      processingProfile: ready
        ? {
            id: String(ready.readiness_state_id),
            label: ready.processing_days_display_label ?? `Ships in ${ready.min_processing_days}-${ready.max_processing_days} days`,
          }
        : null,
      returnPolicy: policy
        ? { id: String(policy.return_policy_id), acceptsReturns: Boolean(policy.accepts_returns), days: policy.return_deadline ?? null }
        : null,
    };
  }

  async function getConnection(userId: string): Promise<EtsyConnectionResponse> {
    const answer = await connectionOf(userId);
    return deps.simulated ? { ...answer, simulated: true } : answer;
  }

  async function connectionOf(userId: string): Promise<EtsyConnectionResponse> {
    if (!deps.client) return { configured: false, connection: null, redirectUri: deps.redirectUri };
    const account = await accountOf(userId);
    if (!account) return { configured: true, connection: null };
    const connectedAt = account.createdAt.toISOString();
    if (tokens.refreshDead(account)) return { configured: true, connection: { status: 'expired', shop: null, connectedAt } };
    try {
      const s = await session(userId);
      const setup = await readShopSetup(userId, s);
      return {
        configured: true,
        connection: {
          status: 'connected',
          connectedAt,
          shop: { shopId: s.shopId, shopName: account.label ?? `Shop ${s.shopId}`, currency: s.currency, ...setup },
        },
      };
    } catch (err) {
      if (err instanceof AppError && err.message === etsyMessages.expired) {
        return { configured: true, connection: { status: 'expired', shop: null, connectedAt } };
      }
      log.warn({ err, userId }, 'Etsy shop setup could not be read');
      const shopId = dataOf(account).shopId;
      const shop = shopId
        ? {
            shopId,
            shopName: account.label ?? `Shop ${shopId}`,
            currency: dataOf(account).currency ?? 'USD',
            shippingProfile: null,
            returnPolicy: null,
            processingProfile: null,
          }
        : null;
      return { configured: true, connection: { status: 'connected', connectedAt, shop } };
    }
  }

  /** Creates what the shop lacks (a shipping profile, a return policy) from the seller's answers; what exists stays. */
  async function setUpShop(userId: string, form: EtsyShopSetupBody): Promise<EtsyConnectionResponse> {
    const s = await session(userId);
    // The shipping price is in the shop's currency, never converted (decision 106).
    if (form.shipping && form.shipping.price.currency !== s.currency)
      throw new AppError('VALIDATION_FAILED', moneyMessages.otherCurrency(s.currency));
    const current = await readShopSetup(userId, s);
    if (!current.shippingProfile && form.shipping)
      await s.client.createShippingProfile(s.accessToken, s.shopId, etsyShippingProfileFormOf(form.shipping));
    if (!current.processingProfile && form.shipping)
      await s.client.createProcessingProfile(s.accessToken, s.shopId, etsyProcessingProfileFormOf(form.shipping));
    if (!current.returnPolicy && form.returns)
      await s.client.createReturnPolicy(s.accessToken, s.shopId, etsyReturnPolicyFormOf(form.returns));
    return getConnection(userId);
  }

  return {
    ...accountKit,
    startOAuth,
    completeOAuth,
    accessToken,
    session,
    getConnection,
    setUpShop,
  };
}

export type EtsyAccountService = ReturnType<typeof createEtsyAccountService>;
