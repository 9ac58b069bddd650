import { paced } from '@shared/testing/pace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyPaths } from '@shared/contracts/shopify';
import { SIMULATED_ETSY_PATH } from '@shared/domain/simulated-etsy';
import { SIMULATED_SHOPIFY_PATH } from '@shared/domain/simulated-shopify';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * On the default install (the simulated Shopify and Etsy), the simulations' consent pages send the
 * browser back only to the app's own callback, as Shopify and Etsy send it only to an app's registered redirect URL:
 * a redirect_uri of another site is refused, signed out or in, before or after the click.
 */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ SHOPIFY_SIMULATION: 'auto', ETSY_SIMULATION: 'auto' });
  user = await t.makeUser();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const evil = 'https://evil.example/cb';
const locationOf = (answer: { headers: Record<string, unknown> }) => String(answer.headers.location ?? '');

describe('the simulated Shopify’s install step', () => {
  const authorize = (redirectUri: string) =>
    t.app.inject({
      method: 'GET',
      url: `${SIMULATED_SHOPIFY_PATH}/x.myshopify.com/admin/oauth/authorize?${new URLSearchParams({
        client_id: 'simulated-shopify',
        redirect_uri: redirectUri,
        state: 's',
      })}`,
    });

  it('refuses to send the browser to another site (signed out, as in the probe)', async () => {
    for (const uri of [evil, 'http://localhost:3000.evil.example/shopify/callback', '//evil.example/cb', 'javascript:alert(1)']) {
      const answer = await authorize(uri);
      expect({ uri, status: answer.statusCode }).toEqual({ uri, status: 400 });
      expect(locationOf(answer)).toBe('');
    }
  });

  it('sends it back to the app’s own callback', async () => {
    const answer = await authorize(`http://localhost:3000${shopifyPaths.callback}`);
    expect(answer.statusCode).toBe(302);
    expect(new URL(locationOf(answer)).origin + new URL(locationOf(answer)).pathname).toBe(`http://localhost:3000${shopifyPaths.callback}`);
  });
});

describe('a simulated Shopify store', () => {
  it('keeps the name the seller typed: "ana-vintage" is connected as ana-vintage.myshopify.com', async () => {
    const seller = await t.makeUser();
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/channels/shopify/connect',
      payload: { shop: 'ana-vintage' },
      headers: { cookie: seller.cookie },
    });
    expect(start.statusCode, start.body).toBe(200);
    const install = new URL(start.json().url as string);
    const back = new URL(locationOf(await t.app.inject({ method: 'GET', url: `${install.pathname}${install.search}` })));
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: seller.cookie } });
    expect(locationOf(callback)).toBe('/channels');
    const status = await t.app.inject({ method: 'GET', url: shopifyPaths.connection, headers: { cookie: seller.cookie } });
    expect(status.json()).toMatchObject({ connection: { shop: { domain: 'ana-vintage.myshopify.com', name: 'ana-vintage' } } });
  });
});

describe('the simulated Etsy’s consent', () => {
  async function consentQuery(): Promise<URLSearchParams> {
    const start = await t.app.inject({ method: 'POST', url: '/api/channels/etsy/connect', headers: { cookie: user.cookie } });
    return new URL(start.json().url as string).searchParams;
  }
  const consentAnswer = (query: URLSearchParams, redirectUri: string) => {
    const form = new URLSearchParams({ decision: 'allow' });
    for (const name of ['state', 'code_challenge', 'scope']) form.set(name, query.get(name) ?? '');
    form.set('redirect_uri', redirectUri);
    return t.app.inject({
      method: 'POST',
      url: `${SIMULATED_ETSY_PATH}/oauth/consent`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: user.cookie },
      payload: form.toString(),
    });
  };

  it('refuses a consent page, and a click, that would send the browser to another site', async () => {
    const query = await consentQuery();
    query.set('redirect_uri', evil);
    const page = await t.app.inject({
      method: 'GET',
      url: `${SIMULATED_ETSY_PATH}/oauth/connect?${query}`,
      headers: { cookie: user.cookie },
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain(evil);
    for (const answer of [await consentAnswer(await consentQuery(), evil), await consentAnswerWith('deny', evil)]) {
      expect(answer.statusCode).toBe(400);
      expect(locationOf(answer)).toBe('');
    }
  });

  const consentAnswerWith = async (decision: string, redirectUri: string) =>
    t.app.inject({
      method: 'POST',
      url: `${SIMULATED_ETSY_PATH}/oauth/consent`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: user.cookie },
      payload: new URLSearchParams({ decision, redirect_uri: redirectUri, state: 's' }).toString(),
    });

  it('sends it back to the app’s Marketplaces screen', async () => {
    const query = await consentQuery();
    const answer = await consentAnswer(query, query.get('redirect_uri')!);
    expect(answer.statusCode).toBe(302);
    expect(locationOf(answer)).toMatch(/^http:\/\/localhost:3000\/channels\?/);
  });
});
