import type { FastifyBaseLogger } from 'fastify';

/**
 * Whether a marketplace pushes a seller's sales to the app: on, or off with the reason in the seller's
 * words. The Marketplaces screen says it ("by push, within seconds" or "checked every N s" and why), and while it is
 * off the adaptive pull checks that seller (decision 078).
 */
export type SalesPush = { on: true } | { on: false; reason: string };

export const pushOn: SalesPush = { on: true };
export const pushOff = (reason: string): SalesPush => ({ on: false, reason });

/** The reasons push is off, as the screen says them (one place for the words). */
export const pushOffReasons = {
  noPublicAddress: (marketplace: string) =>
    `${marketplace} can only push sales to a public https address, and this server has none (PUBLIC_URL).`,
  noVerificationToken: (marketplace: string, setting: string) => `${marketplace} push needs ${setting}, and this server has none.`,
  notYetChecked: (marketplace: string) => `${marketplace} push is being set up.`,
  oldConnection: (marketplace: string) => `Your ${marketplace} connection does not allow push: connect ${marketplace} again.`,
  refused: (marketplace: string, words: string, code?: number) => `${marketplace} refused push${code ? ` (error ${code})` : ''}: ${words}`,
  neverPushes: (marketplace: string) => `${marketplace} does not push sales.`,
} as const;

/**
 * How a marketplace's push subscription is asked for, whatever the marketplace (`ensure`, its own and idempotent,
 * answers what it did: 'skipped' when push is not set up here): after a seller connects, never failing the connect,
 * and for each connected seller in turn, one failing never stopping the others. A failure is logged (that seller's
 * sales are pulled meanwhile); `subscription` names it in the log ("eBay order notifications").
 */
export function pushSubscriber(subscription: string, ensure: (userId: string) => Promise<string>, log: FastifyBaseLogger) {
  const failed = (err: unknown, userId: string) => log.warn({ err, userId }, `${subscription} not subscribed: sales are pulled`);
  return {
    async afterConnect(userId: string): Promise<void> {
      try {
        const setup = await ensure(userId);
        if (setup !== 'skipped') log.info({ userId, setup }, `${subscription} subscribed`);
      } catch (err) {
        failed(err, userId);
      }
    },
    /** Answers how many were set up. */
    async each(userIds: readonly string[]): Promise<number> {
      let done = 0;
      for (const userId of userIds) {
        try {
          await ensure(userId);
          done += 1;
        } catch (err) {
          failed(err, userId);
        }
      }
      return done;
    },
  };
}

/** The last known push state of each seller on one marketplace (set by its subscription checks). */
export function createPushStates() {
  const states = new Map<string, SalesPush>();
  return {
    get: (userId: string): SalesPush | undefined => states.get(userId),
    set: (userId: string, state: SalesPush) => void states.set(userId, state),
    forget: (userId: string) => void states.delete(userId),
  };
}
