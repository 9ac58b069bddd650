import { paced } from '@shared/testing/pace';
/**
 * A newcomer on the defaults (no PUBLIC_URL: the app names itself http://localhost:3000) who opens
 * http://127.0.0.1:3000 connects each simulated marketplace there: its consent page opens at the address they are
 * signed in at, and its answer comes back there. An address the server does not know keeps PUBLIC_URL's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentForm } from '../test/simulated-consent';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

const seller = 'http://127.0.0.1:3000';
const home = 'http://localhost:3000';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  // No PUBLIC_URL, as `npm start` runs: reached at localhost, 127.0.0.1 and the LAN addresses.
  t = await createTestApp({ PUBLIC_URL: '', EBAY_SIMULATION: 'auto', ETSY_SIMULATION: 'auto', SHOPIFY_SIMULATION: 'auto' });
  user = await t.makeUser();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

/** A request of the seller's browser at `origin` (its Host; Origin on a form it posts). */
function browser(origin: string) {
  const host = new URL(origin).host;
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { host, cookie: user.cookie } }),
    post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { host, cookie: user.cookie, origin }, payload }),
    form: (url: string, form: URLSearchParams) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { host, cookie: user.cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      }),
  };
}

const pathOf = (url: URL) => url.pathname + url.search;

async function start(at: string, channel: string, body: object = {}): Promise<URL> {
  const started = await browser(at).post(`/api/channels/${channel}/connect`, body);
  expect(started.statusCode, started.body).toBe(200);
  return new URL(started.json().url as string);
}

describe('at 127.0.0.1 while the app names itself localhost', () => {
  it('eBay: the consent popup opens at 127.0.0.1, signed in, with Agree; its answer lands on 127.0.0.1’s /ebay-callback', async () => {
    const consentUrl = await start(seller, 'ebay');
    expect(consentUrl.origin + consentUrl.pathname).toBe(`${seller}/simulated-ebay/oauth2/authorize`);
    const page = await browser(seller).get(pathOf(consentUrl));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Agree');
    const answer = await browser(seller).form('/simulated-ebay/oauth2/consent', consentForm(page, 'agree'));
    expect(answer.statusCode, answer.body).toBe(302);
    const back = new URL(answer.headers.location as string);
    expect(back.origin + back.pathname).toBe(`${seller}/ebay-callback`);
    const done = await browser(seller).post('/api/channels/ebay/connection', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().connection).toMatchObject({ status: 'connected' });
  });

  it('Etsy: its "Allow access" page at 127.0.0.1; its answer comes back to 127.0.0.1’s Marketplaces screen, and connects', async () => {
    const consentUrl = await start(seller, 'etsy');
    expect(consentUrl.origin + consentUrl.pathname).toBe(`${seller}/simulated-etsy/oauth/connect`);
    const page = await browser(seller).get(pathOf(consentUrl));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Allow access');
    const answer = await browser(seller).form('/simulated-etsy/oauth/consent', consentForm(page, 'allow'));
    expect(answer.statusCode, answer.body).toBe(302);
    const back = new URL(answer.headers.location as string);
    expect(back.origin + back.pathname).toBe(`${seller}/channels`);
    const done = await browser(seller).post('/api/channels/etsy/connection', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().connection).toMatchObject({ status: 'connected' });
  });

  it('Shopify: its install step at 127.0.0.1 sends the seller to 127.0.0.1’s callback, which connects the store', async () => {
    const installUrl = await start(seller, 'shopify', { shop: 'vintage-finds' });
    expect(installUrl.origin).toBe(seller);
    expect(installUrl.pathname).toMatch(/^\/simulated-shopify\/vintage-finds-[0-9a-f]{8}\.myshopify\.com\/admin\/oauth\/authorize$/);
    const install = await browser(seller).get(pathOf(installUrl));
    expect(install.statusCode, install.body).toBe(302);
    const callback = new URL(install.headers.location as string);
    expect(callback.origin + callback.pathname).toBe(`${seller}/api/shopify/oauth/callback`);
    const done = await browser(seller).get(pathOf(callback));
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/channels');
    const status = await browser(seller).get('/api/channels');
    expect(status.json().channels.find((c: { channel: string }) => c.channel === 'shopify')).toMatchObject({ status: 'connected' });
  });
});

describe('an address the server does not know (a forged Host)', () => {
  it('keeps PUBLIC_URL’s: the consent page and its answer go nowhere else', async () => {
    const elsewhere = 'http://evil.example:3000';
    const consentUrl = await start(elsewhere, 'etsy');
    expect(consentUrl.origin).toBe(home);
    const page = await browser(home).get(pathOf(consentUrl));
    const answer = await browser(elsewhere).form('/simulated-etsy/oauth/consent', consentForm(page, 'allow'));
    expect(answer.statusCode, answer.body).toBe(302);
    expect(new URL(answer.headers.location as string).origin).toBe(home);
  });
});
