/**
 * Depop's webhook signature (contracts/depop/GUIDES.md, "validate webhooks"): each delivery carries
 * `X-Depop-Timestamp` (Unix seconds) and `X-Depop-Signature`, the hex HMAC-SHA256, keyed with the webhook secret Depop
 * gave the partner, of `<timestamp>.<body>`, the body being the raw bytes as they arrived. Nothing in a delivery is
 * believed before this passes: computed over the raw bytes (never a re-serialised JSON, whose bytes differ), compared
 * in constant time, and refused when the timestamp is more than 5 minutes old or ahead (a replay, a wrong clock).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a delivery's timestamp may be from now, either way. */
export const DEPOP_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export interface DepopWebhookHeaders {
  /** X-Depop-Signature */
  signature: string | null | undefined;
  /** X-Depop-Timestamp */
  timestamp: string | null | undefined;
}

export type DepopSignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'no-secret' | 'missing-signature' | 'missing-timestamp' | 'bad-timestamp' | 'stale' | 'future' | 'bad-signature' };

/** The signature Depop sends for a body at a timestamp: hex HMAC-SHA256 of `<timestamp>.<raw body>`. */
export function depopWebhookSignature(secret: string, timestamp: string | number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** Whether a delivery is Depop's, signed with our webhook secret, sent within 5 minutes of `now` (epoch ms). */
export function verifyDepopSignature(
  rawBody: Buffer | string,
  headers: DepopWebhookHeaders,
  secret: string,
  now: number = Date.now(),
): DepopSignatureCheck {
  if (!secret) return { ok: false, reason: 'no-secret' };
  const signature = headers.signature?.trim();
  const stamp = headers.timestamp?.trim();
  if (!signature) return { ok: false, reason: 'missing-signature' };
  if (!stamp) return { ok: false, reason: 'missing-timestamp' };
  if (!/^\d{1,12}$/.test(stamp)) return { ok: false, reason: 'bad-timestamp' };
  const timestamp = Number(stamp);
  const age = Math.floor(now / 1000) - timestamp;
  if (age > DEPOP_WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  if (age < -DEPOP_WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'future' };
  const expected = Buffer.from(depopWebhookSignature(secret, stamp, rawBody), 'hex');
  const given = /^[0-9a-f]+$/i.test(signature) && signature.length % 2 === 0 ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  return { ok: true, timestamp };
}
