import type { FastifyBaseLogger } from 'fastify';
import type { ChannelConnectionStatus } from '@shared/contracts/channels';
import { AppError } from '@shared/errors';
import type { ChannelConnector } from '../channel-module';

/** The account service of a marketplace the seller connects on its own consent page (OAuth 2 with PKCE). */
interface ConsentAccount {
  startOAuth(userId: string): Promise<string>;
  completeOAuth(userId: string, code: string, state: string): Promise<unknown>;
  disconnect(userId: string): Promise<unknown>;
}

/**
 * How a seller connects a marketplace through its consent page (Etsy, Depop): the page opens in the seller's tab, the
 * marketplace sends them back to the Marketplaces screen, which posts the code here; a failure of the marketplace's
 * own is told in the seller's words (and logged), anything else is ours. Disconnecting forgets the tokens.
 */
export function consentConnector(connector: {
  name: string;
  account: ConsentAccount;
  status: ChannelConnector['status'];
  /** Whether the error is the marketplace refusing or not answering (its API error, its unreachable error). */
  isMarketplaceFailure: (err: unknown) => boolean;
  messages: { connectFailed: string; disconnected: string };
  log: FastifyBaseLogger;
}): ChannelConnector {
  const { account, messages } = connector;
  return {
    status: connector.status,
    start: async (userId) => ({ next: 'consent', url: await account.startOAuth(userId) }),
    async complete(userId, { code, state }) {
      try {
        await account.completeOAuth(userId, code, state);
      } catch (err) {
        if (!connector.isMarketplaceFailure(err)) throw err;
        connector.log.warn({ err }, `${connector.name} connection failed`);
        throw new AppError('BAD_REQUEST', messages.connectFailed);
      }
    },
    async end(userId) {
      await account.disconnect(userId);
      return messages.disconnected;
    },
  };
}

/** A connection as GET /api/channels shows it, from a marketplace's stored connection (none: not connected). */
export function connectionStatusOf(
  {
    configured,
    simulated,
    connection,
  }: { configured: boolean; simulated?: boolean | null; connection?: { status: ChannelConnectionStatus['status'] } | null },
  accountLabel: string | null,
) {
  return {
    configured,
    simulated: simulated ?? false,
    status: connection?.status ?? 'not-connected',
    accountLabel,
    salesReadable: connection?.status === 'connected',
  };
}
