/**
 * The seller's subscription to eBay's ORDER_CONFIRMATION pushes (decision 076): the application's
 * notification config first (updateConfig, its alert e-mail: without it eBay answers 409 195003 to createDestination
 * and createSubscription), then the app's destination (our notification endpoint with its verification token; eBay
 * challenges the endpoint before it registers it), then the seller's own subscription to the topic there, created or
 * enabled, with the seller's user token. Each looked up first, so every step is idempotent: asked at every connect,
 * shortly after each start, daily, and again soon after eBay refused it (any 4xx). Only with a public HTTPS address
 * (eBay pushes to no other) and a verification token: otherwise nothing is subscribed and the pull goes on alone.
 * Each seller's outcome is kept (push on, or off with eBay's reason in words): the Marketplaces screen says it, and
 * the adaptive pull checks every seller whose push is not on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { systemClock, type Clock } from '../../../jobs/clock';
import type { ScheduledTask } from '../../../jobs/registry';
import { liveConnections } from '../account/repo';
import type { EbayAccountService } from '../account/service';
import type { EbayClient } from '../api/ebay-client';
import { EbayApiError } from '../api/ebay-api-error';
import { ebayNotificationScope } from '../api/ebay-oauth';
import { createPushStates, pushOff, pushOffReasons, pushOn, pushSubscriber, type SalesPush } from '../../../sales/sales-push';
import { ORDER_CONFIRMATION } from './ebay-notifications';

/** The destination's name on eBay (the developer portal shows it). */
export const DESTINATION_NAME = 'Resale Studio sales';
/** How often every connected seller's subscription is checked again (and once shortly after each start): daily. */
export const SUBSCRIPTIONS_SWEEP_MS = 24 * 3600_000;
/** A seller whose set-up eBay refused (a 4xx) is checked again this soon, not a day later. */
export const REFUSED_RECHECK_MS = 10 * 60_000;

/** eBay's Notification errors a seller may be told of, in words (commerce_notification_v1_oas3.json). */
const refusalWords: Record<number, string> = {
  195003: 'the app’s notification settings were missing.',
  195011: 'your eBay connection is not allowed to receive order notifications.',
  195015: 'the app’s notification address is switched off.',
  195019: 'the app’s verification token was not accepted.',
  195020: 'eBay could not verify the app’s address (its challenge was not answered).',
};

/** eBay's refusal (a 4xx) in the seller's words; null for anything else (5xx, network: not eBay refusing). */
export function refusalOf(err: unknown): string | null {
  if (!(err instanceof EbayApiError) || err.httpStatus < 400 || err.httpStatus >= 500) return null;
  const words = refusalWords[err.errorId] ?? (err.message.endsWith('.') ? err.message : `${err.message}.`);
  return pushOffReasons.refused('eBay', words, err.errorId || undefined);
}

export type SubscriptionSetup = 'created' | 'enabled' | 'unchanged' | 'skipped';

export interface NotificationSubscriptionsDeps {
  db: Db;
  client: EbayClient | null;
  account: Pick<EbayAccountService, 'withUserToken'>;
  verificationToken: string | null;
  /** The application's alert e-mail for eBay's notification config (updateConfig). */
  alertEmail: string;
  /** The notification endpoint's public URL: eBay pushes only to https. */
  endpoint: string;
  log: FastifyBaseLogger;
  clock?: Pick<Clock, 'now'>;
}

export function createNotificationSubscriptions(deps: NotificationSubscriptionsDeps) {
  const { db, client, verificationToken, endpoint, log } = deps;
  const clock = deps.clock ?? systemClock;
  const active = Boolean(client && verificationToken && endpoint.startsWith('https://'));
  const states = createPushStates();
  /** When each refused seller is due a check again. */
  const recheckAt = new Map<string, number>();
  /** Why no seller is pushed here at all (null: push can be set up). */
  const offForAll: string | null = !client
    ? null
    : !endpoint.startsWith('https://')
      ? pushOffReasons.noPublicAddress('eBay')
      : !verificationToken
        ? pushOffReasons.noVerificationToken('eBay', 'EBAY_VERIFICATION_TOKEN')
        : null;

  /** The app's destination at our endpoint, made or brought up to date (looked up each time: one call). */
  async function ensureDestination(): Promise<string | null> {
    const notification = client!.notification;
    // The application's config first: eBay refuses destinations and subscriptions without it (409 195003).
    await notification.updateConfig({ alertEmail: deps.alertEmail });
    const request = { name: DESTINATION_NAME, status: 'ENABLED', deliveryConfig: { endpoint, verificationToken: verificationToken! } };
    const existing = (await notification.getDestinations()).find((d) => d.deliveryConfig?.endpoint === endpoint);
    if (!existing?.destinationId) return notification.createDestination(request);
    if (existing.status !== 'ENABLED' || existing.deliveryConfig?.verificationToken !== verificationToken)
      await notification.updateDestination(existing.destinationId, request);
    return existing.destinationId;
  }

  /**
   * The seller's ORDER_CONFIRMATION subscription at our destination, enabled; the outcome kept for the seller (push
   * on, or off with eBay's refusal in words). A refusal is checked again after REFUSED_RECHECK_MS.
   */
  async function ensureSubscription(userId: string): Promise<SubscriptionSetup> {
    if (!active) return 'skipped';
    try {
      const setup = await subscribe(userId);
      states.set(userId, setup === 'skipped' ? pushOff(pushOffReasons.refused('eBay', 'no destination was made.')) : pushOn);
      recheckAt.delete(userId);
      return setup;
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal) {
        states.set(userId, pushOff(refusal));
        recheckAt.set(userId, clock.now() + REFUSED_RECHECK_MS);
      }
      throw err;
    }
  }

  async function subscribe(userId: string): Promise<SubscriptionSetup> {
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

  const subscriber = pushSubscriber('eBay order notifications', ensureSubscription, log);

  /** Every connected seller whose connection may subscribe (granted the scope); answers how many were set up. */
  async function subscribeConnectedSellers(only?: (userId: string) => boolean): Promise<number> {
    if (!active) return 0;
    const userIds = (await liveConnections(db, new Date(clock.now())))
      .filter(({ userId, scopes }) => (scopes ?? '').split(' ').includes(ebayNotificationScope) && (!only || only(userId)))
      .map(({ userId }) => userId);
    return subscriber.each(userIds);
  }

  /**
   * Whether eBay pushes this seller's sales here: on only once their subscription was made or found (at connect, by
   * the sweep); otherwise off, with the reason in words.
   */
  async function salesPushOf(userId: string): Promise<SalesPush> {
    if (offForAll) return pushOff(offForAll);
    if (!active) return pushOff(pushOffReasons.neverPushes('eBay'));
    const known = states.get(userId);
    if (known) return known;
    const row = (await liveConnections(db, new Date(clock.now()))).find((r) => r.userId === userId);
    if (row && !(row.scopes ?? '').split(' ').includes(ebayNotificationScope)) return pushOff(pushOffReasons.oldConnection('eBay'));
    return pushOff(pushOffReasons.notYetChecked('eBay'));
  }

  /**
   * Of `userIds`, the sellers whose sales eBay pushes here (decision 076): those whose subscription was made or found
   * (not merely allowed by their connection's scope). The adaptive pull leaves them to the normal interval (decision
   * 078) and checks every other one.
   */
  async function pushedSellers(userIds: string[]): Promise<Set<string>> {
    if (!active || !userIds.length) return new Set();
    return new Set(userIds.filter((userId) => states.get(userId)?.on === true));
  }

  let lastSweep = -Infinity;
  /**
   * Runs with the job workers: every connected seller shortly after each start, then daily (SUBSCRIPTIONS_SWEEP_MS);
   * a seller eBay refused, again REFUSED_RECHECK_MS after the refusal.
   */
  const sweepTask: ScheduledTask = {
    name: 'subscribe eBay sellers to order notifications',
    everyMs: 30_000,
    async run() {
      if (!active) return;
      const now = clock.now();
      if (now - lastSweep >= SUBSCRIPTIONS_SWEEP_MS) {
        lastSweep = now;
        await subscribeConnectedSellers();
        return;
      }
      const due = [...recheckAt].filter(([, at]) => at <= now).map(([userId]) => userId);
      if (due.length) await subscribeConnectedSellers((userId) => due.includes(userId));
    },
  };

  return {
    active,
    ensureSubscription,
    /** After a seller connects: never fails the connect (the pull goes on); logged. */
    subscribeAfterConnect: subscriber.afterConnect,
    subscribeConnectedSellers,
    pushedSellers,
    salesPushOf,
    sweepTask,
  };
}

export type NotificationSubscriptions = ReturnType<typeof createNotificationSubscriptions>;
