/**
 * eBay's marketplace account deletion endpoint (contracts/ebay/marketplace-user-account-deletion.md):
 * the GET challenge answers sha256hex(challengeCode + verificationToken + endpoint); a POST notification is checked
 * against its X-EBAY-SIGNATURE (ECDSA, the public key from the Notification API, cached an hour) before the data of
 * that eBay user is deleted. The endpoint is public: a key id eBay does not know is remembered as unknown for a while,
 * look-ups of the same id share one call, and new key ids are looked up at most KEY_LOOKUPS_PER_WINDOW a window, so
 * made-up signatures cannot spend the app's eBay calls.
 */
import { createHash, createVerify } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { EbayApiError } from '../api/ebay-api-error';
import type { EbayPublicKey } from '../api/notification-api';
import { systemClock, type Clock } from '../../../jobs/clock';

const KEY_CACHE_MS = 3600_000;
/** A key id eBay did not give a key for is not asked for again in this time. */
const UNKNOWN_KEY_CACHE_MS = 10 * 60_000;
/** eBay signs with a handful of keys: more new key ids than this in a window are refused without a look-up. */
export const KEY_LOOKUPS_PER_WINDOW = 10;
const KEY_LOOKUP_WINDOW_MS = 60_000;
/** Key ids remembered (known or not), least recently used first out. */
const KEYS_KEPT = 1_000;
/** What a key id looks like (eBay's are UUIDs): anything else is not looked up. */
const KEY_ID = /^[\w.-]{1,128}$/;

export function challengeResponse(challengeCode: string, verificationToken: string, endpoint: string): string {
  const hash = createHash('sha256');
  hash.update(challengeCode);
  hash.update(verificationToken);
  hash.update(endpoint);
  return hash.digest('hex');
}

interface SignatureHeader {
  alg?: string;
  kid?: string;
  signature?: string;
  digest?: string;
}

export function decodeSignatureHeader(header: string): SignatureHeader | null {
  try {
    const parsed = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as SignatureHeader) : null;
  } catch {
    return null;
  }
}

/** eBay sends the key as one PEM line; node wants the base64 body in 64-character lines. */
export function pemOf(key: string): string {
  const body = key
    .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '')
    .replace(/\s+/g, '')
    .replace(/(.{64})/g, '$1\n')
    .trim();
  return `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`;
}

export interface AccountDeletionDeps {
  /** Null when EBAY_VERIFICATION_TOKEN is not set: the endpoint then answers 404. */
  verificationToken: string | null;
  /** The endpoint URL as registered with eBay (part of the challenge hash). */
  endpoint: string;
  getPublicKey: ((kid: string) => Promise<EbayPublicKey>) | null;
  deleteDataOfEbayUser: (ebayUserId: string) => Promise<number>;
  log: FastifyBaseLogger;
  clock?: Clock;
}

export interface DeletionNotification {
  metadata?: { topic?: string };
  notification?: { notificationId?: string; data?: { userId?: string; username?: string } };
}

export function createAccountDeletion(deps: AccountDeletionDeps) {
  const clock = deps.clock ?? systemClock;
  const keys = new LRUCache<string, { at: number; pem: string | null }>({ max: KEYS_KEPT });
  const inFlight = new Map<string, Promise<string | null>>();
  let window = { start: 0, lookups: 0 };

  /** Whether one more new key id may be looked up in this window. */
  function takeLookup(): boolean {
    const now = clock.now();
    if (now - window.start >= KEY_LOOKUP_WINDOW_MS) window = { start: now, lookups: 0 };
    if (window.lookups >= KEY_LOOKUPS_PER_WINDOW) return false;
    window.lookups += 1;
    return true;
  }

  async function lookUp(kid: string, getPublicKey: (kid: string) => Promise<EbayPublicKey>): Promise<string | null> {
    let pem: string | null = null;
    try {
      const answer = await getPublicKey(kid);
      pem = answer.key ? pemOf(answer.key) : null;
    } catch (error) {
      // Not found or refused: remembered as unknown. eBay out of reach: not remembered, the next message asks again.
      if (!(error instanceof EbayApiError) || error.httpStatus >= 500 || error.httpStatus === 429) throw error;
    }
    keys.set(kid, { at: clock.now(), pem });
    return pem;
  }

  async function publicKey(kid: string): Promise<string | null> {
    const cached = keys.get(kid);
    if (cached && clock.now() - cached.at < (cached.pem ? KEY_CACHE_MS : UNKNOWN_KEY_CACHE_MS)) return cached.pem;
    const getPublicKey = deps.getPublicKey;
    if (!getPublicKey || !KEY_ID.test(kid)) return null;
    const pending = inFlight.get(kid);
    if (pending) return pending;
    if (!takeLookup()) {
      deps.log.warn('eBay notification with a new key id past the look-ups allowed a minute: refused without a look-up');
      return null;
    }
    const lookup = lookUp(kid, getPublicKey).finally(() => inFlight.delete(kid));
    inFlight.set(kid, lookup);
    return lookup;
  }

  /** Whether the notification body was signed by eBay. */
  async function verify(rawBody: string, signatureHeader: string | undefined): Promise<boolean> {
    if (!signatureHeader) return false;
    const signature = decodeSignatureHeader(signatureHeader);
    if (!signature?.kid || !signature.signature) return false;
    let pem: string | null;
    try {
      pem = await publicKey(signature.kid);
    } catch (error) {
      deps.log.warn({ reason: (error as Error).message }, 'eBay notification public key not available');
      return false;
    }
    if (!pem) return false;
    const candidates = [rawBody];
    try {
      candidates.push(JSON.stringify(JSON.parse(rawBody)));
    } catch {
      return false;
    }
    return candidates.some((body) => {
      try {
        return createVerify('sha1').update(body).verify(pem, signature.signature!, 'base64');
      } catch {
        return false;
      }
    });
  }

  return {
    enabled: deps.verificationToken !== null,
    challenge(code: string): string {
      return challengeResponse(code, deps.verificationToken ?? '', deps.endpoint);
    },
    verify,
    /** Deletes what we hold for the notification's eBay user (run after the 2xx has been sent). */
    async process(notification: DeletionNotification): Promise<void> {
      if (notification.metadata?.topic !== 'MARKETPLACE_ACCOUNT_DELETION') return;
      const ebayUserId = notification.notification?.data?.userId;
      if (!ebayUserId) return;
      await deps.deleteDataOfEbayUser(ebayUserId);
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
