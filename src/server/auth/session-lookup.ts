import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { session, user } from '../db/schema';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * What one request's session cookie says. `valid` is a live session read in one query; `defer` hands the
 * request to Better Auth's own getSession (expired, due for refresh, "don't remember me"), which deletes or
 * extends the session as it always does; `none` has no correctly signed session cookie.
 */
export type SessionLookup = { kind: 'valid'; user: SessionUser } | { kind: 'defer' } | { kind: 'none' };

/**
 * The signed-in check that runs before every API call: the session cookie's HMAC verified with node:crypto and
 * the session and its user read in one joined query, then trusted for a few seconds (SESSION_CACHE_MS). Better Auth's getSession does the same with WebCrypto, two
 * queries and its endpoint machinery, about 2 ms of CPU per request; an upload of one photo pays it every time.
 * The cookie format (`token.base64(HMAC-SHA256(secret, token))`) and the refresh rule are Better Auth's.
 */
/**
 * How long this process trusts a live session it has read (decision 024): a sign-out, password change or reset made
 * through this process forgets every cached session at once; one made through another server process takes effect
 * here within this time.
 */
export const SESSION_CACHE_MS = 5_000;
/** Past this many cached sessions the cache starts over (a bound on memory, not an eviction policy). */
const SESSION_CACHE_MAX = 10_000;

export interface SessionLookupOptions {
  cacheMs?: number;
  now?: () => number;
}

export type LookUpSession = ((cookieHeader: string | undefined) => Promise<SessionLookup>) & {
  /** Forget every cached session: after anything that may have ended or changed one (sign-out, password change). */
  forgetCachedSessions(): void;
};

export async function createSessionLookup(db: Db, auth: Auth, options: SessionLookupOptions = {}): Promise<LookUpSession> {
  const { cacheMs = SESSION_CACHE_MS, now = Date.now } = options;
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  const dontRememberName = context.authCookies.dontRememberToken.name;
  const { expiresIn, updateAge } = context.sessionConfig;
  const secret = context.secret;

  /** The token of a correctly signed cookie value, or null. */
  function verifiedToken(value: string): string | null {
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const encoded = value.slice(dot + 1);
    // Better Auth's own rule: a base64 SHA-256 HMAC is 44 characters with one '=' of padding.
    if (encoded.length !== 44 || !encoded.endsWith('=')) return null;
    const signature = Buffer.from(encoded, 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }

  /**
   * Live sessions read lately, by the cookie's signed value (only a value whose signature was checked is ever kept,
   * so a hit needs no HMAC): trusted until `until` (never past the session's expiry or refresh).
   */
  const cache = new Map<string, { user: SessionUser; until: number }>();
  // Bumped by every forget: a read that began before a sign-out must not put the ended session back.
  let generation = 0;

  async function lookUpSession(cookieHeader: string | undefined): Promise<SessionLookup> {
    if (!cookieHeader) return { kind: 'none' };
    const cookies = parseCookies(cookieHeader);
    const value = cookies.get(cookieName);
    if (!value) return { kind: 'none' };
    const hit = cache.get(value);
    const live = hit && hit.until > now() ? hit : undefined;
    if (hit && !live) cache.delete(value);
    const token = live ? null : verifiedToken(value);
    if (!live && !token) return { kind: 'none' };
    if (cookies.has(dontRememberName)) return { kind: 'defer' };
    if (live) return { kind: 'valid', user: live.user };
    if (!token) return { kind: 'none' };
    const readAt = generation;
    const [row] = await db
      .select({ id: user.id, email: user.email, name: user.name, expiresAt: session.expiresAt })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, token));
    if (!row) return { kind: 'none' };
    const at = now();
    const expiresAt = row.expiresAt.getTime();
    // Better Auth extends a session once `updateAge` has passed since it was last extended.
    const refreshAt = expiresAt - expiresIn * 1000 + updateAge * 1000;
    if (expiresAt <= at || refreshAt <= at) return { kind: 'defer' };
    const signedIn = { id: row.id, email: row.email, name: row.name };
    if (cacheMs > 0 && readAt === generation) {
      if (cache.size >= SESSION_CACHE_MAX) cache.clear();
      cache.set(value, { user: signedIn, until: Math.min(at + cacheMs, expiresAt, refreshAt) });
    }
    return { kind: 'valid', user: signedIn };
  }

  return Object.assign(lookUpSession, {
    forgetCachedSessions() {
      generation += 1;
      cache.clear();
    },
  });
}
