import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { hitRateLimit, type RateLimitVerdict } from './rate-limit-repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Guesses per account from one address, per minute: the attacker's address runs out long before the owner's does,
 * so failed guesses from elsewhere never lock the owner out of a busy morning.
 */
export const PER_ACCOUNT_AND_IP_PER_MINUTE = 5;
/** Guesses per account from all addresses together, per hour: bounds a guesser that rotates addresses. */
export const PER_ACCOUNT_PER_HOUR = 100;
/** Attempts per reset token, per minute. */
export const PER_TOKEN_PER_MINUTE = 5;

export interface AuthAttempt {
  method: string;
  /** Canonical path (see auth-path.ts). */
  path: string;
  ip: string;
  body: unknown;
  /** The signed-in account (change-password), when known. */
  accountId?: string | null;
}

interface Rule {
  key: string;
  limit: number;
  windowMs: number;
}

/** Routes that guess a password or token, or send mail, by the field that names the account they aim at. */
const accountRoutes: Record<string, 'email' | 'token' | 'session'> = {
  '/api/auth/sign-in/email': 'email',
  '/api/auth/sign-up/email': 'email',
  '/api/auth/request-password-reset': 'email',
  '/api/auth/reset-password': 'token',
  '/api/account/reset-password': 'token',
  '/api/auth/change-password': 'session',
};
/** The e-mailed reset link (GET, token in the path) answers whether a token exists: limited per address. */
const resetLinkPrefix = '/api/auth/reset-password/';

/** Which limits one request counts against; none for routes that guess nothing. */
export function authRateLimitRules(attempt: AuthAttempt, perIpLimit: number): Rule[] {
  const path = attempt.path.toLowerCase();
  if (attempt.method === 'GET' && path.startsWith(resetLinkPrefix)) {
    return [{ key: `ip:${attempt.ip}:${resetLinkPrefix}`, limit: perIpLimit, windowMs: MINUTE }];
  }
  const target = attempt.method === 'POST' ? accountRoutes[path] : undefined;
  if (!target) return [];
  const rules: Rule[] = [{ key: `ip:${attempt.ip}:${path}`, limit: perIpLimit, windowMs: MINUTE }];
  const account = accountOf(target, attempt);
  if (!account) return rules;
  if (target === 'token') return [...rules, { key: `token:${account}:${path}`, limit: PER_TOKEN_PER_MINUTE, windowMs: MINUTE }];
  return [
    ...rules,
    { key: `account-ip:${account}:${attempt.ip}:${path}`, limit: PER_ACCOUNT_AND_IP_PER_MINUTE, windowMs: MINUTE },
    { key: `account:${account}:${path}`, limit: PER_ACCOUNT_PER_HOUR, windowMs: HOUR },
  ];
}

function accountOf(target: 'email' | 'token' | 'session', attempt: AuthAttempt): string | null {
  if (target === 'session') return attempt.accountId ?? null;
  const value = (attempt.body as Record<string, unknown> | undefined)?.[target];
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000) return null;
  // Keys stay short and carry no secret: tokens and e-mails are hashed.
  const normalised = target === 'email' ? value.trim().toLowerCase() : value;
  return createHash('sha256').update(normalised).digest('base64url').slice(0, 32);
}

/** Counts one attempt against every limit that applies; answers the first limit exceeded, or allowed. */
export function createAuthRateLimiter(db: Db, perIpLimit: number) {
  return async function checkAuthAttempt(attempt: AuthAttempt): Promise<RateLimitVerdict> {
    const rules = authRateLimitRules(attempt, perIpLimit);
    const verdicts = await Promise.all(rules.map((rule) => hitRateLimit(db, rule.key, rule.limit, rule.windowMs)));
    const blocked = verdicts.filter((v) => !v.allowed);
    if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(...blocked.map((v) => v.retryAfterSeconds)) };
  };
}
