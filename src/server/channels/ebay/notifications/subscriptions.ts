/**
 * The seller's subscription to eBay's ORDER_CONFIRMATION pushes (decision 076): the app's destination (our
 * notification endpoint with its verification token), then the seller's own subscription to the topic there, created
 * or enabled, with the seller's user token. Both looked up first, so each step is idempotent: asked again at every
 * connect and at each start, it changes nothing that is already right. Only with a public HTTPS address (eBay pushes
 * to no other) and a verification token: otherwise nothing is subscribed and the pull goes on alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { systemClock, type Clock } from '../../../jobs/clock';
import type { ScheduledTask } from '../../../jobs/registry';
import { liveConnections } from '../account/repo';
import type { EbayAccountService } from '../account/service';
import type { EbayClient } from '../api/ebay-client';
import { ebayNotificationScope } from '../api/ebay-oauth';
import { ORDER_CONFIRMATION } from './ebay-notifications';

/** The destination's name on eBay (the developer portal shows it). */
export const DESTINATION_NAME = 'Resale Studio sales';
/** How often every connected seller's subscription is checked again (and once shortly after each start). */
export const SUBSCRIPTIONS_SWEEP_MS = 6 * 3600_000;

export type SubscriptionSetup = 'created' | 'enabled' | 'unchanged' | 'skipped';

export interface NotificationSubscriptionsDeps {
  db: Db;
  client: EbayClient | null;
  account: Pick<EbayAccountService, 'withUserToken'>;
  verificationToken: string | null;
  /** The notification endpoint's public URL: eBay pushes only to https. */
  endpoint: string;
  log: FastifyBaseLogger;
  clock?: Pick<Clock, 'now'>;
}

export function createNotificationSubscriptions(deps: NotificationSubscriptionsDeps) {
  const { db, client, verificationToken, endpoint, log } = deps;
  const clock = deps.clock ?? systemClock;
  const active = Boolean(client && verificationToken && endpoint.startsWith('https://'));

  /** The app's destination at our endpoint, made or brought up to date (looked up each time: one call). */
  async function ensureDestination(): Promise<string | null> {
    const notification = client!.notification;
    const request = { name: DESTINATION_NAME, status: 'ENABLED', deliveryConfig: { endpoint, verificationToken: verificationToken! } };
    const existing = (await notification.getDestinations()).find((d) => d.deliveryConfig?.endpoint === endpoint);
    if (!existing?.destinationId) return notification.createDestination(request);
    if (existing.status !== 'ENABLED' || existing.deliveryConfig?.verificationToken !== verificationToken)
      await notification.updateDestination(existing.destinationId, request);
    return existing.destinationId;
  }

  /** The seller's ORDER_CONFIRMATION subscription at our destination, enabled. */
  async function ensureSubscription(userId: string): Promise<SubscriptionSetup> {
    if (!active) return 'skipped';
    const destinationId = await ensureDestination();
    if (!destinationId) return 'skipped';
    const notification = client!.notification;
    return deps.account.withUserToken(userId, async (token) => {
      const existing = (await notification.getSubscriptions(token)).find(
        (s) => s.topicId === ORDER_CONFIRMATION && s.destinationId === destinationId,
      );
      if (!existing?.subscriptionId) {
        await notification.createSubscription(token, {
          topicId: ORDER_CONFIRMATION,
          destinationId,
          status: 'ENABLED',
          payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
        });
        return 'created';
      }
      if (existing.status === 'ENABLED') return 'unchanged';
      await notification.enableSubscription(token, existing.subscriptionId);
      return 'enabled';
    });
  }

  /** After a seller connects: never fails the connect (the pull goes on); logged. */
  async function subscribeAfterConnect(userId: string): Promise<void> {
    try {
      const setup = await ensureSubscription(userId);
      if (setup !== 'skipped') log.info({ userId, setup }, 'eBay order notifications subscribed');
    } catch (err) {
      log.warn({ err, userId }, 'eBay order notifications not subscribed: sales are pulled');
    }
  }

  /** Every connected seller whose connection may subscribe (granted the scope); answers how many were set up. */
  async function subscribeConnectedSellers(): Promise<number> {
    if (!active) return 0;
    let done = 0;
    for (const { userId, scopes } of await liveConnections(db, new Date(clock.now()))) {
      if (!(scopes ?? '').split(' ').includes(ebayNotificationScope)) continue;
      try {
        await ensureSubscription(userId);
        done += 1;
      } catch (err) {
        log.warn({ err, userId }, 'eBay order notifications not subscribed: sales are pulled');
      }
    }
    return done;
  }

  /**
   * Of `userIds`, the sellers whose sales eBay pushes here (decision 076): with an https endpoint, each whose live
   * connection granted the notification scope (subscribed at connect and by the sweep). The adaptive pull leaves them
   * to the normal interval (decision 078).
   */
  async function pushedSellers(userIds: string[]): Promise<Set<string>> {
    if (!active || !userIds.length) return new Set();
    const wanted = new Set(userIds);
    const rows = await liveConnections(db, new Date(clock.now()));
    return new Set(
      rows
        .filter((row) => wanted.has(row.userId) && (row.scopes ?? '').split(' ').includes(ebayNotificationScope))
        .map((row) => row.userId),
    );
  }

  let lastSweep = -Infinity;
  /** Runs with the job workers: shortly after each start, then every SUBSCRIPTIONS_SWEEP_MS. */
  const sweepTask: ScheduledTask = {
    name: 'subscribe eBay sellers to order notifications',
    everyMs: 30_000,
    async run() {
      if (!active || clock.now() - lastSweep < SUBSCRIPTIONS_SWEEP_MS) return;
      lastSweep = clock.now();
      await subscribeConnectedSellers();
    },
  };

  return { active, ensureSubscription, subscribeAfterConnect, subscribeConnectedSellers, pushedSellers, sweepTask };
}

export type NotificationSubscriptions = ReturnType<typeof createNotificationSubscriptions>;
