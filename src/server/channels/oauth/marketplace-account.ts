import type { FastifyBaseLogger } from 'fastify';
import { channelNames, type ApiChannel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import type { TokenCipher } from '../token-crypto';
import { deleteChannelAccount, liveSellersOnChannel } from '../channel-accounts-repo';
import { forgetConsents } from './consent';
import type { OAuthTokens } from './oauth-client';
import { createTokenKeeper, type TokenKeeperDeps } from './token-keeper';

/** A marketplace's own words for a connection it cannot use (its contract's messages). */
export interface ConnectionMessages {
  notConfigured: string;
  notConnected: string;
  expired: string;
}

/**
 * What the account service of a marketplace connected by consent is built from: the server's client for it, the
 * cipher its tokens are sealed with, and where the marketplace sends the seller back.
 */
export interface ConsentAccountDeps<Client> {
  db: Db;
  /** Null: no keys for the marketplace on this server (and no simulation). */
  client: Client | null;
  cipher: TokenCipher;
  /** Where the marketplace sends the seller back (registered with the app). */
  redirectUri: string;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** How the marketplace's tokens are refreshed, and how it says it refused one (the token keeper's part of it). */
export type MarketplaceTokens<Client> = Pick<TokenKeeperDeps, 'refreshMarginMs' | 'isRefused' | 'isTokenRefused'> & {
  refresh: (client: Client, refreshToken: string, now: () => number) => Promise<OAuthTokens>;
};

/**
 * What the account services of the marketplaces connected by consent (Depop, Etsy, Shopify) do alike, each naming its
 * channel, words and token refresh (its client among its deps): the client, or a 409 when the server has no keys; the seller's tokens, kept
 * by the token keeper; the clock; whether the server has keys; forgetting a connection (its tokens and any consent
 * under way); and the sellers whose connection can still be used.
 */
export function marketplaceAccount<Client>(
  deps: Omit<ConsentAccountDeps<Client>, 'redirectUri'>,
  marketplace: { channel: ApiChannel; messages: ConnectionMessages; tokens: MarketplaceTokens<Client> },
) {
  const { db, client } = deps;
  const { channel, messages } = marketplace;
  const now = deps.now ?? Date.now;
  const clientOrThrow = (): Client => {
    if (!client) throw new AppError('CONFLICT', messages.notConfigured);
    return client;
  };
  const tokens = createTokenKeeper({
    ...marketplace.tokens,
    db,
    cipher: deps.cipher,
    channel,
    label: channelNames[channel],
    log: deps.log,
    now,
    refresh: (refreshToken) => marketplace.tokens.refresh(clientOrThrow(), refreshToken, now),
    notConnected: () => new AppError('CONFLICT', messages.notConnected),
    expired: () => new AppError('CONFLICT', messages.expired),
  });
  return {
    clientOrThrow,
    tokens,
    now,
    configured: Boolean(client),
    async disconnect(userId: string): Promise<void> {
      await deleteChannelAccount(db, userId, channel);
      await forgetConsents(db, userId, channel);
    },
    /** Sellers whose connection can still be used (the sales schedule pulls them). */
    async connectedSellers(): Promise<string[]> {
      if (!client) return [];
      return (await liveSellersOnChannel(db, channel, new Date(now()))).map((row) => row.userId);
    },
  };
}
