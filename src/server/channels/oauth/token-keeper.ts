/**
 * A seller's marketplace tokens, kept (decisions 079, 156): encrypted at rest in `channel_accounts`, handed out fresh,
 * refreshed before their end and, once, when the marketplace refuses one before its time (its documented 401 for an
 * expired or invalid token: `isTokenRefused`), the call then tried once more; a refresh the marketplace refuses, or a
 * fresh token refused again, marks the connection for the seller to connect again (shown as expired, in words). Every
 * API marketplace keeps its tokens here, each supplying only its refresh grant and how it tells a refused token.
 * Refreshed one at a time per seller and channel however many callers ask at once. In one process the callers share
 * one pending refresh; across processes (the web server and the worker) the refresh runs holding the account's row
 * lock (SELECT ... FOR UPDATE), and whoever takes the lock next reads the tokens the first one stored instead of
 * refreshing again. That matters most where each refresh spends the refresh token it used (Etsy rotates them).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../../db/client';
import { sealTokens, type TokenCipher } from '../token-crypto';
import {
  channelAccountOf,
  lockChannelAccount,
  markChannelAccountExpired,
  saveChannelAccountTokens,
  type ChannelAccountRow,
} from '../channel-accounts-repo';
import { OAuthTokenError, type OAuthTokens } from './oauth-client';

const sellerMustConnect = Symbol('the seller must connect the marketplace');

/** The channel's words for no connection, or one to make again, marked as such (`needsSellerToConnect`). */
const marked = (error: Error): Error => Object.assign(error, { [sellerMustConnect]: true });

/**
 * Whether an error is the seller's to fix by connecting the marketplace (again): no connection, or one the marketplace
 * no longer accepts. Not a failure that trying again in a minute fixes.
 */
export const needsSellerToConnect = (error: unknown): boolean => typeof error === 'object' && error !== null && sellerMustConnect in error;
export interface TokenKeeperDeps {
  db: Db;
  cipher: TokenCipher;
  channel: ApiChannel;
  /** The marketplace's name in the log ("eBay"). */
  label: string;
  log: FastifyBaseLogger;
  now?: () => number;
  /** An access token this close to its end is refreshed before use. */
  refreshMarginMs: number;
  /** The marketplace's refresh grant, given the stored refresh token and the connection (eBay asks for its scopes). */
  refresh: (refreshToken: string, account: ChannelAccountRow) => Promise<OAuthTokens>;
  /** Whether the marketplace refused the refresh token itself (default: invalid_grant or 401 from the token endpoint). */
  isRefused?: (error: unknown) => boolean;
  /**
   * Whether an API call's error is the marketplace refusing the access token as expired or invalid, as its document
   * shapes that answer (Depop's 401 `unauthorized`, eBay's 401, Etsy's 401): refreshed once and the call tried again.
   */
  isTokenRefused: (error: unknown) => boolean;
  /** The channel's own words: no connection, and a connection the seller must make again. */
  notConnected: () => Error;
  expired: () => Error;
}

export interface KeptToken {
  token: string;
  account: ChannelAccountRow;
}

type Outcome = { kind: 'ok'; token: string } | { kind: 'not-connected' } | { kind: 'dead' };

export function createTokenKeeper(deps: TokenKeeperDeps) {
  const { db, cipher, channel, log } = deps;
  const now = deps.now ?? Date.now;
  const isRefused = deps.isRefused ?? ((error: unknown) => error instanceof OAuthTokenError && error.refusedGrant);
  const pending = new Map<string, Promise<string>>();

  const refreshDead = (row: ChannelAccountRow) => row.refreshExpiresAt !== null && row.refreshExpiresAt.getTime() <= now();
  const accessStale = (row: ChannelAccountRow) =>
    row.accessExpiresAt !== null && row.accessExpiresAt.getTime() - now() < deps.refreshMarginMs;

  function decrypt(row: ChannelAccountRow): { accessToken: string; refreshToken: string | null } | null {
    try {
      return {
        accessToken: cipher.decrypt(row.accessToken, row.keyVersion),
        refreshToken: row.refreshToken === null ? null : cipher.decrypt(row.refreshToken, row.keyVersion),
      };
    } catch (error) {
      log.warn(
        { userId: row.userId, reason: (error as Error).message },
        `stored ${deps.label} tokens unreadable; the seller must reconnect`,
      );
      return null;
    }
  }

  async function store(
    tx: Db,
    userId: string,
    pair: { accessToken: string; refreshToken: string | null },
    row: ChannelAccountRow,
    fresh?: OAuthTokens,
  ) {
    await saveChannelAccountTokens(tx, userId, channel, {
      ...sealTokens(cipher, pair),
      accessExpiresAt: fresh ? fresh.accessExpiresAt : row.accessExpiresAt,
      refreshExpiresAt: fresh?.refreshExpiresAt ?? row.refreshExpiresAt,
    });
  }

  /**
   * Under the row lock: a token another holder of the lock just stored is used as it is; otherwise one refresh.
   * `failedToken` forces the refresh when the marketplace refused that access token before its time.
   */
  async function refreshLocked(userId: string, failedToken?: string): Promise<string> {
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const row = await lockChannelAccount(tx, userId, channel);
      if (!row) return { kind: 'not-connected' };
      if (refreshDead(row)) return { kind: 'dead' };
      const pair = decrypt(row);
      if (!pair) return { kind: 'dead' };
      if (!accessStale(row) && pair.accessToken !== failedToken) {
        if (cipher.isStale(row.keyVersion)) await store(tx, userId, pair, row);
        return { kind: 'ok', token: pair.accessToken };
      }
      if (pair.refreshToken === null) return { kind: 'dead' };
      try {
        const fresh = await deps.refresh(pair.refreshToken, row);
        await store(tx, userId, { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken ?? pair.refreshToken }, row, fresh);
        log.info({ userId }, `${deps.label} access token refreshed`);
        return { kind: 'ok', token: fresh.accessToken };
      } catch (error) {
        if (isRefused(error)) return { kind: 'dead' };
        throw error;
      }
    });
    if (outcome.kind === 'not-connected') throw marked(deps.notConnected());
    if (outcome.kind === 'dead') throw await needsReconnect(userId, `${deps.label} refresh token refused; the seller must reconnect`);
    return outcome.token;
  }

  /** Marks the connection for the seller to make again (shown as expired); the channel's words to throw. */
  async function needsReconnect(userId: string, why: string): Promise<Error> {
    await markChannelAccountExpired(db, userId, channel, new Date(now()));
    log.info({ userId }, why);
    return marked(deps.expired());
  }

  /** One refresh in flight per seller in this process; the others wait for it. */
  function singleFlight(userId: string, failedToken?: string): Promise<string> {
    let flight = pending.get(userId);
    if (!flight) {
      flight = refreshLocked(userId, failedToken).finally(() => pending.delete(userId));
      pending.set(userId, flight);
    }
    return flight;
  }

  /** A usable access token for the seller and their connection; refreshed first when near its end. */
  async function accessToken(userId: string): Promise<KeptToken> {
    const account = await channelAccountOf(db, userId, channel);
    if (!account) throw marked(deps.notConnected());
    if (refreshDead(account)) throw marked(deps.expired());
    if (!accessStale(account) && !cipher.isStale(account.keyVersion)) {
      const pair = decrypt(account);
      if (pair) return { token: pair.accessToken, account };
    }
    return { token: await singleFlight(userId), account };
  }

  /**
   * Runs `call` with `token`; when the marketplace refuses the token (expired or revoked before its time), one
   * refresh (shared with whoever saw the same token refused) and the call once more with the new token. A refused
   * refresh, or the new token refused too, leaves the connection to be made again: the channel's `expired` words.
   */
  async function retryRefused<T>(userId: string, token: string, call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(token);
    } catch (error) {
      if (!deps.isTokenRefused(error)) throw error;
      log.info({ userId }, `${deps.label} refused the access token before its end; refreshing it once`);
    }
    const fresh = await singleFlight(userId, token);
    try {
      return await call(fresh);
    } catch (error) {
      if (!deps.isTokenRefused(error)) throw error;
      throw await needsReconnect(userId, `${deps.label} refused a freshly refreshed access token; the seller must reconnect`);
    }
  }

  return {
    accessToken,
    /** Runs a call with the seller's token: fresh before its end, refreshed once and tried again when refused. */
    withToken: async <T>(userId: string, call: (token: string) => Promise<T>): Promise<T> =>
      retryRefused(userId, (await accessToken(userId)).token, call),
    retryRefused,
    /** The marketplace refused `failedToken` (401): a new one, refreshed once for all who saw it refused. */
    refreshAfterRefusal: (userId: string, failedToken: string) => singleFlight(userId, failedToken),
    /** Whether the connection can no longer be refreshed (shown as expired). */
    refreshDead,
  };
}

export type TokenKeeper = ReturnType<typeof createTokenKeeper>;
