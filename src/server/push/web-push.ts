import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage, PushSubscriptionBody } from '@shared/contracts/push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { deleteGoneSubscription, deleteSubscription, keptVapidKeys, markPushed, saveSubscription, subscriptionsOf } from './push-repo';

/** How long the push service keeps a message for a phone that is off (RFC 8030 TTL): a sale is news for a day. */
export const PUSH_TTL_S = 86_400;
/** A push service that has not answered by then counts as failed (the e-mail goes instead). */
const PUSH_TIMEOUT_MS = 10_000;

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface SellerPush {
  sent: number;
  gone: number;
  failed: number;
}

export interface WebPushDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** VAPID keys from the environment (null: made once and kept in the database) and the subject (RFC 8292). */
  vapid: Config['push'];
  fetch?: typeof fetch;
}

/**
 * Web Push to the seller's devices (issue 44, decision 084). The `web-push` library encrypts each message for the
 * subscription (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292); the request goes out by fetch (http on
 * loopback for the fake push service, https for the browsers' real ones). 201 is delivered; 404 or 410 deletes the
 * subscription (RFC 8030 §7.3); anything else is a failure. The private key and the endpoints (capability URLs)
 * are never logged: a push service is named by its host.
 */
export function createWebPush({ db, log, vapid, fetch: fetchImpl = fetch }: WebPushDeps) {
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const vapidKeys = () => {
    keys ??= vapid.keys ? Promise.resolve(vapid.keys) : keptVapidKeys(db, () => webpush.generateVAPIDKeys());
    keys.catch(() => (keys = null));
    return keys;
  };

  async function send(sub: { endpoint: string; p256dh: string; auth: string }, message: PushMessage): Promise<PushOutcome> {
    const { publicKey, privateKey } = await vapidKeys();
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: vapid.subject, publicKey, privateKey },
        TTL: PUSH_TTL_S,
        urgency: 'high',
        topic: undefined,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const host = new URL(sub.endpoint).host;
    try {
      const answer = await fetchImpl(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (answer.status === 201 || answer.status === 200 || answer.status === 202) return 'sent';
      if (answer.status === 404 || answer.status === 410) return 'gone';
      log.warn({ pushService: host, status: answer.status }, 'the push service refused a message');
      return 'failed';
    } catch (err) {
      log.warn({ pushService: host, err: (err as Error).message }, 'the push service was not reached');
      return 'failed';
    }
  }

  /** The message to each of the seller's devices at once; a gone subscription is deleted. */
  async function pushToSeller(userId: string, message: PushMessage): Promise<SellerPush> {
    const subs = await subscriptionsOf(db, userId);
    const outcomes = await Promise.all(
      subs.map(async (sub) => {
        const outcome = await send(sub, message);
        if (outcome === 'gone') await deleteGoneSubscription(db, userId, sub.id);
        if (outcome === 'sent') await markPushed(db, userId, sub.id);
        return outcome;
      }),
    );
    return {
      sent: outcomes.filter((o) => o === 'sent').length,
      gone: outcomes.filter((o) => o === 'gone').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
  }

  return {
    publicKey: async () => (await vapidKeys()).publicKey,
    subscribe: (userId: string, body: PushSubscriptionBody) =>
      saveSubscription(db, userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }),
    unsubscribe: (userId: string, endpoint: string) => deleteSubscription(db, userId, endpoint),
    devicesOf: async (userId: string) => (await subscriptionsOf(db, userId)).length,
    pushToSeller,
  };
}

export type WebPush = ReturnType<typeof createWebPush>;
