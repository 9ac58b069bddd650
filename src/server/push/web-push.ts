import { ECDH } from 'node:crypto';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import { pushMessages, type PushMessage, type PushSubscriptionBody } from '@shared/contracts/push';
import { AppError } from '@shared/errors';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { defaultPushEndpointPolicy, postToPushService, pushEndpointProblem, pushTargetOf, type PushEndpointPolicy } from './push-endpoint';
import {
  deleteGoneSubscription,
  deleteSubscription,
  keptVapidKeys,
  markPushed,
  saveSubscription,
  subscriptionsOf,
  MAX_DEVICES_PER_SELLER,
} from './push-repo';

/** How long the push service keeps a message for a phone that is off (RFC 8030 TTL): a sale is news for a day. */
export const PUSH_TTL_S = 86_400;
/** A push service that has not answered by then counts as failed (the e-mail goes instead). */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * sent: the push service took it; gone: the subscription is deleted (the service answered 404 or 410, or it cannot be
 * pushed to at all: keys that encrypt nothing, an address the server does not push to); failed: not taken this time.
 */
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
  vapid: Pick<Config['push'], 'keys' | 'subject'>;
  /** Where pushes may go (push-endpoint.ts): by default the browsers' push services on public addresses. */
  endpoints?: PushEndpointPolicy;
}

/** The subscription's keys are a P-256 public key (65 bytes, a point on the curve) and a 16-byte auth secret (RFC 8291). */
function keysProblem(keys: { p256dh: string; auth: string }): string | null {
  const publicKey = Buffer.from(keys.p256dh, 'base64url');
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return pushMessages.badKeys;
  try {
    ECDH.convertKey(publicKey, 'prime256v1', undefined, undefined, 'uncompressed');
  } catch {
    return pushMessages.badKeys;
  }
  return publicKey.length === 65 ? null : pushMessages.badKeys;
}

/**
 * Web Push to the seller's devices (decision 084). The `web-push` library encrypts each message for the
 * subscription (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292); the request goes only to a browser push
 * service on a public address (push-endpoint.ts, decision 124). 201 is delivered; 404 or 410 deletes the
 * subscription (RFC 8030 §7.3), as does one that cannot be pushed to at all; anything else is a failure. Each device
 * succeeds or fails alone. The private key and the endpoints (capability URLs) are never logged: a push service is
 * named by its host.
 */
export function createWebPush({ db, log, vapid, endpoints = defaultPushEndpointPolicy }: WebPushDeps) {
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const vapidKeys = () => {
    keys ??= vapid.keys ? Promise.resolve(vapid.keys) : keptVapidKeys(db, () => webpush.generateVAPIDKeys());
    keys.catch(() => (keys = null));
    return keys;
  };

  /** The encrypted, signed request for the subscription; null when its keys encrypt nothing. */
  async function requestFor(sub: { endpoint: string; p256dh: string; auth: string }, message: PushMessage) {
    const { publicKey, privateKey } = await vapidKeys();
    if (keysProblem(sub)) return null;
    try {
      return webpush.generateRequestDetails(
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
    } catch {
      return null;
    }
  }

  async function send(sub: { endpoint: string; p256dh: string; auth: string }, message: PushMessage): Promise<PushOutcome> {
    const host = URL.canParse(sub.endpoint) ? new URL(sub.endpoint).host : 'an unreadable address';
    const target = await pushTargetOf(sub.endpoint, endpoints);
    if ('refused' in target && target.unresolved) {
      log.warn({ pushService: host }, 'the push service’s name did not resolve');
      return 'failed';
    }
    if ('refused' in target) {
      log.warn({ pushService: host, reason: target.refused }, 'a push subscription the server does not push to: removed');
      return 'gone';
    }
    const details = await requestFor(sub, message);
    if (!details) {
      log.warn({ pushService: host }, 'a push subscription whose keys encrypt nothing: removed');
      return 'gone';
    }
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    try {
      const status = await postToPushService(target, {
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        timeoutMs: PUSH_TIMEOUT_MS,
      });
      if (status === 201 || status === 200 || status === 202) return 'sent';
      if (status === 404 || status === 410) return 'gone';
      log.warn({ pushService: host, status }, 'the push service refused a message');
      return 'failed';
    } catch (err) {
      log.warn({ pushService: host, err: (err as Error).message }, 'the push service was not reached');
      return 'failed';
    }
  }

  /** One device's push; whatever goes wrong with it is that device's failure alone. */
  async function sendToDevice(userId: string, sub: { id: string; endpoint: string; p256dh: string; auth: string }, message: PushMessage) {
    let outcome: PushOutcome;
    try {
      outcome = await send(sub, message);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'a push could not be sent');
      outcome = 'failed';
    }
    if (outcome === 'gone') await deleteGoneSubscription(db, userId, sub.id);
    if (outcome === 'sent') await markPushed(db, userId, sub.id);
    return outcome;
  }

  /** The message to each of the seller's devices at once; a gone subscription is deleted. */
  async function pushToSeller(userId: string, message: PushMessage): Promise<SellerPush> {
    const subs = await subscriptionsOf(db, userId);
    const outcomes = await Promise.all(subs.map((sub) => sendToDevice(userId, sub, message)));
    return {
      sent: outcomes.filter((o) => o === 'sent').length,
      gone: outcomes.filter((o) => o === 'gone').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
  }

  return {
    publicKey: async () => (await vapidKeys()).publicKey,
    /**
     * Keeps the device's subscription: a browser push service's endpoint with usable keys (else a 400), the newest
     * MAX_DEVICES_PER_SELLER of the seller's devices kept.
     */
    async subscribe(userId: string, body: PushSubscriptionBody) {
      const problem = pushEndpointProblem(body.endpoint, endpoints) ?? keysProblem(body.keys);
      if (problem) throw new AppError('VALIDATION_FAILED', problem);
      await saveSubscription(
        db,
        userId,
        { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
        MAX_DEVICES_PER_SELLER,
      );
    },
    unsubscribe: (userId: string, endpoint: string) => deleteSubscription(db, userId, endpoint),
    devicesOf: async (userId: string) => (await subscriptionsOf(db, userId)).length,
    pushToSeller,
  };
}

export type WebPush = ReturnType<typeof createWebPush>;
