import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { authRateLimitRules, PER_ACCOUNT_PER_HOUR } from './auth-rate-limit';

let t: TestApp;
let base: URL;
beforeAll(async () => {
  // Behind one proxy: the tests choose the client address with X-Forwarded-For.
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000', TRUST_PROXY: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await t?.close();
});
// The limits count in fixed one-minute windows: a slow run must not cross into the next window mid-test.
beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(Date.now());
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A POST sent over the wire with the path exactly as written (no client-side normalisation). */
function rawPost(path: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('auth rate limits', () => {
  it('no spelling of the sign-in path reaches Better Auth without the limit', async () => {
    const spellings = [
      '/api/auth/./sign-in/email',
      '/api/auth/sign-in/./email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/%2E/sign-in/email',
      '/api/auth/sign-in/%65mail',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in/email/',
      '/api/auth/SIGN-IN/email',
    ];
    const user = await t.makeUser();
    const headers = { 'x-forwarded-for': '203.0.113.1' };
    // five plain wrong guesses use up this address's allowance for the account ...
    for (let i = 0; i < 5; i++)
      expect((await rawPost('/api/auth/sign-in/email', { email: user.email, password: 'wrong-pass' }, headers)).status).toBe(401);
    // ... and no odd spelling gets a sixth guess, let alone signs in past the limit
    const answers = [];
    for (const path of spellings)
      answers.push({ path, status: (await rawPost(path, { email: user.email, password: user.password }, headers)).status });
    expect(answers.filter((a) => a.status !== 404 && a.status !== 429)).toEqual([]);
  });

  it('a forwarded address counts only behind a configured proxy', async () => {
    const direct = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await direct.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `nobody${i}@example.com`, password: 'wrong-pass' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await direct.close();
    }
  });

  it('guesses from one address do not lock the owner out from another', async () => {
    const owner = await t.makeUser();
    const attacker = { 'x-forwarded-for': '192.0.2.66' };
    const guesses = [];
    for (let i = 0; i < 7; i++)
      guesses.push((await rawPost('/api/auth/sign-in/email', { email: owner.email, password: `guess-${i}` }, attacker)).status);
    expect(guesses.slice(5)).toEqual([429, 429]);
    const own = await rawPost(
      '/api/auth/sign-in/email',
      { email: owner.email, password: owner.password },
      { 'x-forwarded-for': '192.0.2.7' },
    );
    expect(own.status).toBe(200);
  });

  it('limits every account slower across all addresses', () => {
    const rules = authRateLimitRules(
      { method: 'POST', path: '/api/auth/sign-in/email', ip: '192.0.2.1', body: { email: 'A@example.com ' } },
      10,
    );
    const again = authRateLimitRules(
      { method: 'POST', path: '/api/auth/sign-in/email', ip: '192.0.2.2', body: { email: 'a@example.com' } },
      10,
    );
    const accountWide = rules.find((r) => r.key.startsWith('account:'));
    expect(accountWide).toMatchObject({ limit: PER_ACCOUNT_PER_HOUR, windowMs: 3_600_000 });
    expect(again.find((r) => r.key.startsWith('account:'))?.key).toBe(accountWide?.key);
    expect(rules.find((r) => r.key.startsWith('account-ip:'))?.key).not.toBe(again.find((r) => r.key.startsWith('account-ip:'))?.key);
  });

  it('limits reset-password token guesses and change-password attempts', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.99' };
    const resets = [];
    for (let i = 0; i < 8; i++)
      resets.push((await rawPost('/api/auth/reset-password', { token: 'guessed-token', newPassword: 'brand-new-1' }, headers)).status);
    expect(resets.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(resets.slice(5)).toEqual([429, 429, 429]);

    const user = await t.makeUser();
    const changes = [];
    for (let i = 0; i < 7; i++) {
      const res = await rawPost(
        '/api/auth/change-password',
        { currentPassword: `guess-${i}`, newPassword: 'brand-new-1' },
        { ...headers, cookie: user.cookie },
      );
      changes.push(res.status);
    }
    expect(changes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(changes.slice(5)).toEqual([429, 429]);
  });

  it('limits reset requests per account from each address, and a reset token across all addresses', async () => {
    const owner = await t.makeUser();
    const requests = [];
    for (let i = 0; i < 6; i++)
      requests.push(
        (
          await rawPost(
            '/api/auth/request-password-reset',
            { email: owner.email, redirectTo: '/reset-password' },
            { 'x-forwarded-for': '192.0.2.40' },
          )
        ).status,
      );
    expect(requests).toEqual([200, 200, 200, 200, 200, 429]);
    // The owner, elsewhere, can still ask for a link.
    const own = await rawPost(
      '/api/auth/request-password-reset',
      { email: owner.email, redirectTo: '/reset-password' },
      { 'x-forwarded-for': '192.0.2.41' },
    );
    expect(own.status).toBe(200);

    // One reset token guessed from a new address each time: limited per token, whatever the address.
    const guesses = [];
    for (let i = 0; i < 7; i++)
      guesses.push(
        (
          await rawPost(
            '/api/account/reset-password',
            { token: 'one-guessed-token', newPassword: 'brand-new-1' },
            { 'x-forwarded-for': `198.51.100.${i}` },
          )
        ).status,
      );
    expect(guesses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(guesses.slice(5)).toEqual([429, 429]);
  });
});

describe('auth rate limits per address', () => {
  it('limit sign-in, reset requests, reset tokens and reset links from one address, whatever account they name', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const post = (url: string, payload: object) => limited.app.inject({ method: 'POST', url, payload });
      const statuses = async (attempt: (i: number) => Promise<{ statusCode: number }>) => {
        const list = [];
        for (let i = 0; i < 4; i++) list.push((await attempt(i)).statusCode);
        return list;
      };
      const signIn = await statuses((i) => post('/api/auth/sign-in/email', { email: `nobody${i}@example.com`, password: 'wrong-pass' }));
      const resetRequest = await statuses((i) =>
        post('/api/auth/request-password-reset', { email: `nobody${i}@example.com`, redirectTo: '/x' }),
      );
      const resetToken = await statuses((i) => post('/api/account/reset-password', { token: `guess-${i}`, newPassword: 'brand-new-1' }));
      const resetLink = await statuses((i) =>
        limited.app.inject({ method: 'GET', url: `/api/auth/reset-password/guess-${i}?callbackURL=%2Fx` }),
      );
      for (const list of [signIn, resetRequest, resetToken, resetLink]) {
        expect(list.slice(0, 3)).not.toContain(429);
        expect(list[3]).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});
