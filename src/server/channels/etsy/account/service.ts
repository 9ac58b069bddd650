import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { etsyMessages, type EtsyConnectionResponse, type EtsyShopSetupBody } from '@shared/contracts/etsy';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import { etsyAccounts, etsyOauthStates } from '../../../db/schema';
import type { TokenCipher } from '../../token-crypto';
import { EtsyApiError } from '../api/etsy-errors';
import { ETSY_SCOPES, pkcePair, type EtsyClient } from '../api/etsy-client';

const STATE_TTL_MS = 10 * 60_000;
/** Etsy's refresh tokens live 90 days. */
const REFRESH_LIFE_MS = 90 * 86_400_000;
/** An access token this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

export interface EtsyAccountDeps {
  db: Db;
  /** Null: no Etsy keyset on this server. */
  client: EtsyClient | null;
  cipher: TokenCipher;
  /** Where Etsy sends the seller back (registered with the app's keystring): the Marketplaces screen. */
  redirectUri: string;
  /** The client talks to the simulated Etsy: the Marketplaces screen says so. */
  simulated?: boolean;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** What a caller needs to talk to Etsy for a seller: a fresh access token and the shop. */
export interface EtsySession {
  client: EtsyClient;
  accessToken: string;
  shopId: string;
  shippingProfileId: string | null;
  returnPolicyId: string | null;
  processingProfileId: string | null;
}

type AccountRow = typeof etsyAccounts.$inferSelect;

/**
 * The seller's Etsy connection: OAuth 2 with PKCE (state and verifier kept here), tokens encrypted at rest, a refresh
 * at a time per seller (single-flight: concurrent jobs share it; Etsy's refresh token is rotated by each refresh),
 * and the shop's shipping profile and return policy, read or created.
 */
export function createEtsyAccountService(deps: EtsyAccountDeps) {
  const { db, cipher, log } = deps;
  const now = deps.now ?? Date.now;
  const refreshing = new Map<string, Promise<string>>();

  const clientOrThrow = () => {
    if (!deps.client) throw new AppError('CONFLICT', etsyMessages.notConfigured);
    return deps.client;
  };
  const accountOf = async (userId: string) => (await db.select().from(etsyAccounts).where(eq(etsyAccounts.userId, userId)))[0];

  async function startOAuth(userId: string): Promise<string> {
    const client = clientOrThrow();
    const { verifier, challenge } = pkcePair();
    const state = randomBytes(24).toString('base64url');
    await db.delete(etsyOauthStates).where(lt(etsyOauthStates.expiresAt, new Date(now())));
    await db.insert(etsyOauthStates).values({ state, userId, codeVerifier: verifier, expiresAt: new Date(now() + STATE_TTL_MS) });
    return client.authorizeUrl({ state, codeChallenge: challenge, redirectUri: deps.redirectUri });
  }

  /** The consent's redirect: the state must be this seller's, unused and unexpired; its verifier proves the round trip. */
  async function completeOAuth(userId: string, code: string, state: string): Promise<void> {
    const client = clientOrThrow();
    const [claimed] = await db
      .update(etsyOauthStates)
      .set({ usedAt: new Date(now()) })
      .where(
        and(
          eq(etsyOauthStates.state, state),
          eq(etsyOauthStates.userId, userId),
          isNull(etsyOauthStates.usedAt),
          gt(etsyOauthStates.expiresAt, new Date(now())),
        ),
      )
      .returning();
    if (!claimed) throw new AppError('BAD_REQUEST', etsyMessages.stateInvalid);
    const tokens = await client.exchangeCode({ code, codeVerifier: claimed.codeVerifier, redirectUri: deps.redirectUri });
    const me = await client.getMe(tokens.accessToken);
    if (!me.shop_id) throw new AppError('CONFLICT', etsyMessages.noShop);
    const shop = await client.getShop(tokens.accessToken, String(me.shop_id));
    const values = {
      etsyUserId: String(me.user_id),
      shopId: String(me.shop_id),
      shopName: shop.shop_name ?? null,
      accessToken: cipher.encrypt(tokens.accessToken),
      refreshToken: cipher.encrypt(tokens.refreshToken),
      keyVersion: cipher.keyVersion,
      accessExpiresAt: new Date(now() + tokens.expiresIn * 1000),
      refreshExpiresAt: new Date(now() + REFRESH_LIFE_MS),
      scopes: ETSY_SCOPES.join(' '),
      updatedAt: new Date(now()),
    };
    await db
      .insert(etsyAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: etsyAccounts.userId, set: values });
    log.info({ userId, shopId: values.shopId }, 'Etsy shop connected');
  }

  /** A fresh access token for the seller; one refresh at a time per seller, whoever asks. */
  async function accessToken(userId: string): Promise<{ token: string; account: AccountRow }> {
    const client = clientOrThrow();
    const account = await accountOf(userId);
    if (!account) throw new AppError('CONFLICT', etsyMessages.notConnected);
    if (account.accessExpiresAt.getTime() > now() + EXPIRY_MARGIN_MS)
      return { token: cipher.decrypt(account.accessToken, account.keyVersion), account };
    if (account.refreshExpiresAt.getTime() <= now()) throw new AppError('CONFLICT', etsyMessages.expired);
    let pending = refreshing.get(userId);
    if (!pending) {
      pending = (async () => {
        // Another process may have refreshed meanwhile: its token is used, not refreshed twice.
        const current = (await accountOf(userId)) ?? account;
        if (current.accessExpiresAt.getTime() > now() + EXPIRY_MARGIN_MS) return cipher.decrypt(current.accessToken, current.keyVersion);
        try {
          const tokens = await client.refresh(cipher.decrypt(current.refreshToken, current.keyVersion));
          await db
            .update(etsyAccounts)
            .set({
              accessToken: cipher.encrypt(tokens.accessToken),
              refreshToken: cipher.encrypt(tokens.refreshToken),
              keyVersion: cipher.keyVersion,
              accessExpiresAt: new Date(now() + tokens.expiresIn * 1000),
              refreshExpiresAt: new Date(now() + REFRESH_LIFE_MS),
              updatedAt: new Date(now()),
            })
            .where(eq(etsyAccounts.userId, userId));
          return tokens.accessToken;
        } catch (err) {
          if (err instanceof EtsyApiError && (err.status === 400 || err.status === 401)) {
            // Another process refreshed first (Etsy rotates refresh tokens, so ours was spent): its token is used.
            const other = await accountOf(userId);
            if (other && other.accessExpiresAt.getTime() > now() + EXPIRY_MARGIN_MS)
              return cipher.decrypt(other.accessToken, other.keyVersion);
            // Etsy refused the refresh token (revoked, or past its life): the seller reconnects.
            await db
              .update(etsyAccounts)
              .set({ refreshExpiresAt: new Date(now()) })
              .where(eq(etsyAccounts.userId, userId));
            throw new AppError('CONFLICT', etsyMessages.expired);
          }
          throw err;
        }
      })().finally(() => refreshing.delete(userId));
      refreshing.set(userId, pending);
    }
    return { token: await pending, account };
  }

  async function session(userId: string): Promise<EtsySession> {
    const { token, account } = await accessToken(userId);
    if (!account.shopId) throw new AppError('CONFLICT', etsyMessages.noShop);
    return {
      client: clientOrThrow(),
      accessToken: token,
      shopId: account.shopId,
      shippingProfileId: account.shippingProfileId,
      returnPolicyId: account.returnPolicyId,
      processingProfileId: account.processingProfileId,
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
      await db
        .update(etsyAccounts)
        .set({ shippingProfileId, returnPolicyId, processingProfileId, updatedAt: new Date(now()) })
        .where(eq(etsyAccounts.userId, userId));
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
    if (account.refreshExpiresAt.getTime() <= now())
      return { configured: true, connection: { status: 'expired', shop: null, connectedAt } };
    try {
      const s = await session(userId);
      const setup = await readShopSetup(userId, s);
      return {
        configured: true,
        connection: {
          status: 'connected',
          connectedAt,
          shop: { shopId: s.shopId, shopName: account.shopName ?? `Shop ${s.shopId}`, ...setup },
        },
      };
    } catch (err) {
      if (err instanceof AppError && err.message === etsyMessages.expired) {
        return { configured: true, connection: { status: 'expired', shop: null, connectedAt } };
      }
      log.warn({ err, userId }, 'Etsy shop setup could not be read');
      const shop = account.shopId
        ? {
            shopId: account.shopId,
            shopName: account.shopName ?? `Shop ${account.shopId}`,
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
    const current = await readShopSetup(userId, s);
    if (!current.shippingProfile && form.shipping) {
      const ship = form.shipping;
      await s.client.createShippingProfile(s.accessToken, s.shopId, {
        title: 'Resale Studio shipping',
        origin_country_iso: ship.originCountry,
        origin_postal_code: ship.originPostalCode,
        destination_country_iso: ship.originCountry,
        primary_cost: ship.price,
        secondary_cost: 0,
        min_processing_time: Math.min(ship.processingDaysMin, ship.processingDaysMax),
        max_processing_time: Math.max(ship.processingDaysMin, ship.processingDaysMax),
        processing_time_unit: 'business_days',
      });
    }
    if (!current.processingProfile && form.shipping) {
      await s.client.createProcessingProfile(s.accessToken, s.shopId, {
        readiness_state: 'ready_to_ship',
        min_processing_time: Math.min(form.shipping.processingDaysMin, form.shipping.processingDaysMax),
        max_processing_time: Math.max(form.shipping.processingDaysMin, form.shipping.processingDaysMax),
        processing_time_unit: 'days',
      });
    }
    if (!current.returnPolicy && form.returns) {
      await s.client.createReturnPolicy(s.accessToken, s.shopId, {
        accepts_returns: form.returns.acceptsReturns,
        accepts_exchanges: form.returns.acceptsReturns,
        ...(form.returns.acceptsReturns ? { return_deadline: form.returns.days ?? 30 } : {}),
      });
    }
    return getConnection(userId);
  }

  async function disconnect(userId: string): Promise<void> {
    await db.delete(etsyAccounts).where(eq(etsyAccounts.userId, userId));
    await db.delete(etsyOauthStates).where(eq(etsyOauthStates.userId, userId));
  }

  /** Sellers whose connection can still be used (the sales schedule pulls them). */
  async function connectedSellers(): Promise<string[]> {
    if (!deps.client) return [];
    const rows = await db
      .select({ userId: etsyAccounts.userId })
      .from(etsyAccounts)
      .where(gt(etsyAccounts.refreshExpiresAt, new Date(now())));
    return rows.map((r) => r.userId);
  }

  return {
    configured: Boolean(deps.client),
    startOAuth,
    completeOAuth,
    accessToken,
    session,
    getConnection,
    setUpShop,
    disconnect,
    connectedSellers,
  };
}

export type EtsyAccountService = ReturnType<typeof createEtsyAccountService>;
