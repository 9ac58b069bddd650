import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { session } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { createSessionLookup, SESSION_CACHE_MS } from './session-lookup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const summary = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/items/summary', headers: { cookie } });
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

async function expiresAtOf(cookie: string): Promise<Date> {
  const [row] = await t.deps.database.db
    .select({ expiresAt: session.expiresAt })
    .from(session)
    .where(eq(session.token, tokenOf(cookie)));
  return row!.expiresAt;
}

async function setExpiresAt(cookie: string, expiresAt: Date) {
  await t.deps.database.db
    .update(session)
    .set({ expiresAt })
    .where(eq(session.token, tokenOf(cookie)));
}

describe('the signed-in check', () => {
  it('lets a live session through and names its user', async () => {
    const user = await t.makeUser();
    const lookUp = await createSessionLookup(t.deps.database.db, t.deps.auth);
    expect(await lookUp(user.cookie)).toEqual({ kind: 'valid', user: { id: user.id, email: user.email, name: user.email.split('@')[0] } });
    expect((await summary(user.cookie)).statusCode).toBe(200);
  });

  it('refuses a cookie whose signature was changed, a missing cookie and an unknown token', async () => {
    const user = await t.makeUser();
    const [name, value] = user.cookie.split('=');
    const decoded = decodeURIComponent(value!);
    const [token, signature] = decoded.split('.');
    // Change the signature's first character: it carries six whole bits of the HMAC.
    const changed = (signature![0] === 'A' ? 'B' : 'A') + signature!.slice(1);
    const forged = `${name}=${encodeURIComponent(`${token}.${changed}`)}`;
    const otherToken = `${name}=${encodeURIComponent(`someone-elses-token.${decoded.split('.')[1]}`)}`;
    for (const cookie of [forged, otherToken, '', 'resale.session_token=']) {
      const response = await summary(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('You are signed out. Please sign in again.');
    }
  });

  it('refuses a session that was signed out, though this process had just trusted it', async () => {
    const user = await t.makeUser();
    expect((await summary(user.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    expect((await summary(user.cookie)).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const user = await t.makeUser();
    await setExpiresAt(user.cookie, new Date(Date.now() - 1000));
    expect((await summary(user.cookie)).statusCode).toBe(401);
  });

  it('extends a session once a day has passed since it was last extended, as Better Auth does', async () => {
    const user = await t.makeUser();
    // 30-day sessions, extended after a day: this one was last extended two days ago.
    const stale = new Date(Date.now() + 28 * DAY_MS);
    await setExpiresAt(user.cookie, stale);
    expect((await summary(user.cookie)).statusCode).toBe(200);
    expect((await expiresAtOf(user.cookie)).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('trusts a session it read for a few seconds, then reads it again (a sign-out through another process)', async () => {
    const user = await t.makeUser();
    let clock = Date.now();
    const lookUp = await createSessionLookup(t.deps.database.db, t.deps.auth, { now: () => clock });
    expect((await lookUp(user.cookie)).kind).toBe('valid');
    await t.deps.database.db.delete(session).where(eq(session.token, tokenOf(user.cookie)));
    expect((await lookUp(user.cookie)).kind).toBe('valid');
    clock += SESSION_CACHE_MS;
    expect(await lookUp(user.cookie)).toEqual({ kind: 'none' });
  });

  it('forgets every session on request, also one whose read was under way', async () => {
    const user = await t.makeUser();
    const lookUp = await createSessionLookup(t.deps.database.db, t.deps.auth);
    const reading = lookUp(user.cookie);
    lookUp.forgetCachedSessions();
    expect((await reading).kind).toBe('valid');
    await t.deps.database.db.delete(session).where(eq(session.token, tokenOf(user.cookie)));
    expect(await lookUp(user.cookie)).toEqual({ kind: 'none' });
  });
});
