/**
 * eBay's marketplace account deletion endpoint (contracts/ebay/marketplace-user-account-deletion.md):
 * the GET challenge answers sha256hex(challengeCode + verificationToken + endpoint); a POST notification is checked
 * against its X-EBAY-SIGNATURE (ECDSA, the public key from the Notification API, cached an hour) before the data of
 * that eBay user is deleted.
 */
import { createHash, createVerify } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EbayPublicKey } from '../api/notification-api';
import { systemClock, type Clock } from '../../../jobs/clock';

const KEY_CACHE_MS = 3600_000;

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
  const keys = new Map<string, { at: number; pem: string }>();

  async function publicKey(kid: string): Promise<string | null> {
    const cached = keys.get(kid);
    if (cached && clock.now() - cached.at < KEY_CACHE_MS) return cached.pem;
    if (!deps.getPublicKey) return null;
    const answer = await deps.getPublicKey(kid);
    if (!answer.key) return null;
    const pem = pemOf(answer.key);
    keys.set(kid, { at: clock.now(), pem });
    return pem;
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
