import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../../../fakes/etsy/etsy-server';
import { pkcePair } from '../../oauth/oauth-client';
import { createEtsyClient } from './etsy-client';
import { EtsyApiError } from './etsy-errors';
import { pacedFetch } from '../../paced-fetch';

let fake: FakeEtsy;
beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  fake.reset();
  fake.configure({ callsPerSecond: 0 });
});

const redirectUri = 'http://localhost:3000/api/etsy/oauth/callback';
const clientFor = (fetchImpl: typeof fetch = fetch) =>
  createEtsyClient({
    keystring: fake.keystring,
    sharedSecret: fake.sharedSecret,
    apiBase: fake.url,
    oauthBase: fake.url,
    fetch: fetchImpl,
  });

async function consent(url: string) {
  const at = new URL(url);
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, at.searchParams.get(name) ?? '');
  const answer = await fetch(`${at.origin}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' });
  return new URL(answer.headers.get('location') ?? '');
}

describe('Etsy OAuth 2 with PKCE', () => {
  it('makes an S256 challenge of a high-entropy verifier', async () => {
    const { verifier, challenge } = await pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect((await pkcePair()).verifier).not.toBe(verifier);
  });

  it('exchanges the code only with the verifier of its challenge, then refreshes (rotating the refresh token)', async () => {
    const client = clientFor();
    const { verifier, challenge } = await pkcePair();
    const url = client.authorizeUrl({ state: 's1', codeChallenge: challenge, redirectUri });
    expect(new URL(url).searchParams.get('scope')).toBe('listings_r listings_w listings_d transactions_r shops_r shops_w');
    const back = await consent(url);
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code')!;
    await expect(client.exchangeCode({ code, codeVerifier: (await pkcePair()).verifier, redirectUri })).rejects.toMatchObject({
      status: 400,
      etsyMessage: 'code_verifier does not match the code_challenge',
    });
    // A code is single-use: the failed exchange used it up.
    const again = (await consent(client.authorizeUrl({ state: 's2', codeChallenge: challenge, redirectUri }))).searchParams.get('code')!;
    const tokens = await client.exchangeCode({ code: again, codeVerifier: verifier, redirectUri });
    expect(tokens.accessExpiresAt!.getTime() - Date.now()).toBeGreaterThan(3590_000);
    expect((await client.getMe(tokens.accessToken)).shop_id).toBeGreaterThan(0);
    const refreshed = await client.refresh(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    await expect(client.refresh(tokens.refreshToken)).rejects.toBeInstanceOf(EtsyApiError);
    expect(fake.contractViolations).toEqual([]);
  });
});

describe('pacing and 429', () => {
  it('waits out a 429’s Retry-After and sends the request again', async () => {
    const client = clientFor(pacedFetch(fetch, { callsPerSecond: 100 }));
    fake.failNext({ operationId: 'getSellerTaxonomyNodes', status: 429, message: 'slow down', retryAfter: 1 });
    const started = Date.now();
    const nodes = await client.sellerTaxonomyNodes();
    expect(nodes.results?.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.calls.getSellerTaxonomyNodes).toBe(2);
  });

  it('a longer Retry-After reaches the caller as the 429 it is, with its seconds', async () => {
    const client = clientFor(pacedFetch(fetch, { callsPerSecond: 100, maxInlineWaitSeconds: 1 }));
    fake.failNext({ operationId: 'getSellerTaxonomyNodes', status: 429, message: 'slow down', retryAfter: 30 });
    await expect(client.sellerTaxonomyNodes()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30, retryable: true });
  });

  it('keeps under the fake’s rate limit when paced at it', async () => {
    fake.configure({ callsPerSecond: 10 });
    const client = clientFor(pacedFetch(fetch, { callsPerSecond: 10 }));
    await Promise.all(Array.from({ length: 25 }, () => client.sellerTaxonomyNodes()));
    expect(fake.calls.getSellerTaxonomyNodes).toBeGreaterThanOrEqual(25);
    expect(fake.contractViolations).toEqual([]);
  });

  it('spaces requests by the rate (a clock of its own)', async () => {
    let clock = 0;
    const starts: number[] = [];
    const paced = pacedFetch(
      (async () => {
        starts.push(clock);
        return new Response('{}');
      }) as typeof fetch,
      { callsPerSecond: 10, now: () => clock, sleep: async (ms) => void (clock += ms) },
    );
    for (let i = 0; i < 5; i++) await paced('http://x');
    expect(starts).toEqual([0, 100, 200, 300, 400]);
  });
});

describe('the fake checks every request against Etsy’s OpenAPI document', () => {
  it('answers 400 and records a request the document does not allow', async () => {
    const bad = await fetch(`${fake.url}/v3/application/seller-taxonomy/nodes?colour=blue`);
    expect(bad.status).toBe(400);
    const unknown = await fetch(`${fake.url}/v3/application/nowhere`, { headers: { 'x-api-key': fake.keystring } });
    expect(unknown.status).toBe(400);
    const form = await fetch(`${fake.url}/v3/application/shops/7770001/listings`, {
      method: 'POST',
      headers: { 'x-api-key': fake.keystring, authorization: 'Bearer x', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ title: 'A', who_made: 'a_robot' }).toString(),
    });
    expect(form.status).toBe(400);
    expect(fake.contractViolations.map((v) => v.problems).flat()).toEqual(
      expect.arrayContaining([
        'missing x-api-key header',
        'unknown query parameter colour',
        'unknown path',
        'form field quantity: required',
        'form field who_made: "a_robot" does not fit i_did|someone_else|collective',
      ]),
    );
  });
});
