import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../../../fakes/etsy/etsy-server';
import { pkcePair } from '../../oauth/oauth-client';
import { createEtsyClient } from './etsy-client';
import { EtsyAnswerError, EtsyApiError, EtsyUnreachableError } from './etsy-errors';
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

describe('the client over the document’s paths (openapi-fetch)', () => {
  /** A fetch that records what it was asked and answers from `answer`. */
  function recording(answer: (call: number) => Response) {
    const calls: { url: string; method: string; headers: Headers; body: string }[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body instanceof ArrayBuffer ? new TextDecoder().decode(init.body) : String(init?.body ?? '');
      calls.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body });
      return answer(calls.length);
    }) as typeof fetch;
    return { calls, fetchImpl };
  }
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends the key, the token and a form body as Etsy takes it (arrays comma-separated, absent fields left out), again after a 429', async () => {
    const { calls, fetchImpl } = recording((n) =>
      n === 1 ? new Response('{"error":"slow down"}', { status: 429, headers: { 'retry-after': '0' } }) : json({ listing_id: 5 }),
    );
    const client = clientFor(pacedFetch(fetchImpl, { callsPerSecond: 0 }));
    const updated = await client.updateListing('tok', '7770001', '900000001', {
      title: 'A jacket',
      tags: ['denim', 'blue'],
      taxonomy_id: undefined,
    });
    expect(updated.listing_id).toBe(5);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call).toMatchObject({
        url: `${fake.url}/v3/application/shops/7770001/listings/900000001`,
        method: 'PATCH',
        body: 'title=A+jacket&tags=denim%2Cblue',
      });
      expect(call.headers.get('x-api-key')).toBe(`${fake.keystring}:${fake.sharedSecret}`);
      expect(call.headers.get('authorization')).toBe('Bearer tok');
      expect(call.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
      expect(call.headers.get('accept')).toBe('application/json');
    }
  });

  it('sends a batch read’s ids comma-separated, and refuses none or more than 100 before sending', async () => {
    const { calls, fetchImpl } = recording(() => json({ count: 0, results: [] }));
    const client = clientFor(fetchImpl);
    await client.getListingsInventory('tok', ['11', 12]);
    expect(calls[0]!.url).toBe(`${fake.url}/v3/application/listings/batch/inventory?listing_ids=11,12`);
    expect(() => client.getListingsInventory('tok', [])).toThrow();
    expect(() =>
      client.getListingsShipping(
        'tok',
        Array.from({ length: 101 }, (_, i) => i + 1),
      ),
    ).toThrow();
    expect(calls).toHaveLength(1);
  });

  it('fails an answer that is not JSON with an error naming the call, not a SyntaxError', async () => {
    const { fetchImpl } = recording(() => new Response('<html>Service temporarily unavailable</html>', { status: 200 }));
    const failure = await clientFor(fetchImpl)
      .getShop('tok', '7770001')
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(EtsyAnswerError);
    expect(failure).toBeInstanceOf(EtsyApiError);
    expect(failure).toMatchObject({
      status: 502,
      retryable: true,
      call: 'GET /v3/application/shops/{shop_id}',
      answeredStatus: 200,
      message: "Etsy's answer to GET /v3/application/shops/{shop_id} (200) is not JSON: <html>Service temporarily unavailable</html>",
    });
    const empty = recording(() => new Response(null, { status: 200 }));
    await expect(clientFor(empty.fetchImpl).getMe('tok')).rejects.toMatchObject({
      message: "Etsy's answer to GET /v3/application/users/me (200) has no body",
    });
  });

  it('keeps Etsy’s error in its words with its Retry-After, a 204 as nothing, and no answer as unreachable', async () => {
    const failing = recording(() => json({ error: 'Listing not found' }, 404));
    await expect(clientFor(failing.fetchImpl).getListing('tok', '42')).rejects.toMatchObject({
      status: 404,
      etsyMessage: 'Listing not found',
    });
    const limited = recording(() => new Response('too many', { status: 429, headers: { 'retry-after': '30' } }));
    await expect(clientFor(limited.fetchImpl).sellerTaxonomyNodes()).rejects.toMatchObject({
      status: 429,
      etsyMessage: 'too many',
      retryAfterSeconds: 30,
    });
    const deleted = recording(() => new Response(null, { status: 204 }));
    await expect(clientFor(deleted.fetchImpl).deleteListing('tok', '42')).resolves.toBeUndefined();
    expect(deleted.calls[0]).toMatchObject({ method: 'DELETE', url: `${fake.url}/v3/application/listings/42` });
    const down = clientFor((async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch);
    await expect(down.getMe('tok')).rejects.toBeInstanceOf(EtsyUnreachableError);
    await expect(down.getListing('tok', 'not-an-id')).rejects.toThrow('Not an Etsy id: "not-an-id"');
  });

  it('uploads a photo as multipart: the file part with its name and type, then its rank', async () => {
    const { calls, fetchImpl } = recording(() => json({ listing_image_id: 1 }, 201));
    const image = await clientFor(fetchImpl).uploadListingImage('tok', '7770001', '900000001', {
      data: Buffer.from('JPEGDATA'),
      filename: 'photo-1.jpg',
      contentType: 'image/jpeg',
      rank: 2,
    });
    expect(image.listing_image_id).toBe(1);
    const [call] = calls;
    expect(call!.url).toBe(`${fake.url}/v3/application/shops/7770001/listings/900000001/images`);
    const boundary = /boundary=(.+)$/.exec(call!.headers.get('content-type') ?? '')?.[1];
    expect(boundary).toBeTruthy();
    const parts = call!.body.split(`--${boundary}`).filter((part) => part.includes('Content-Disposition'));
    expect(parts[0]).toContain('name="image"; filename="photo-1.jpg"');
    expect(parts[0]).toContain('Content-Type: image/jpeg');
    expect(parts[0]).toContain('JPEGDATA');
    expect(parts[1]).toContain('name="rank"');
    expect(parts[1]).toContain('2');
  });
});
