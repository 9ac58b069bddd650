/** Without eBay keys the server runs the simulated eBay (fakes/ebay); any eBay key switches it off. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_EBAY_LABEL, SIMULATED_EBAY_SIGN_IN } from '@shared/domain/simulated-ebay';
import { loadConfig } from '../config';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { prepareFakeSeller, jeansItem, jeansOffer } from './fake-ebay-seller';
import { createTestApp, type TestApp } from './test-app';
import { tempDirs } from './temp-dirs';

const tempDir = tempDirs('rs-simulated-ebay-');
const keys = { EBAY_CLIENT_ID: 'Seller-app-PRD-0123456789-abcdef01', EBAY_CLIENT_SECRET: 'PRD-secret', EBAY_RU_NAME: 'Seller-app-ru' };

describe('the eBay config', () => {
  it('resolves to the simulation with no eBay keys', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).ebay.simulated).toBe(true);
  });

  it('is not simulated once any eBay key is set, or with EBAY_SIMULATION=off', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), ...keys }).ebay.simulated).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), EBAY_CLIENT_ID: keys.EBAY_CLIENT_ID }).ebay.simulated).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), EBAY_SIMULATION: 'off' }).ebay.simulated).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), EBAY_SIMULATION: 'maybe' })).toThrow(/EBAY_SIMULATION/);
  });
});

describe('a server without eBay keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EBAY_SIMULATION: 'auto' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says it is simulated and sends the seller to the consent page under its own address', async () => {
    const user = await t.makeUser();
    const connection = await t.app.inject({ method: 'GET', url: '/api/ebay/connection', headers: { cookie: user.cookie } });
    expect(connection.json()).toMatchObject({ configured: true, simulated: true, connection: null });
    const start = await t.app.inject({ method: 'POST', url: '/api/channels/ebay/connect', headers: { cookie: user.cookie } });
    const authUrl = new URL(start.json().url);
    expect(authUrl.origin + authUrl.pathname).toBe('http://localhost:3000/simulated-ebay/oauth2/authorize');

    const consent = await t.app.inject({ method: 'GET', url: authUrl.pathname + authUrl.search, headers: { cookie: user.cookie } });
    expect(consent.statusCode).toBe(200);
    expect(consent.body).toContain(SIMULATED_EBAY_LABEL);
    const form = new URLSearchParams({ decision: 'agree' });
    for (const [, name, value] of consent.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(
        name!,
        value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
      );
    const answer = await t.app.inject({
      method: 'POST',
      url: '/simulated-ebay/oauth2/consent',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        cookie: user.cookie,
      },
      payload: form.toString(),
    });
    expect(answer.statusCode).toBe(302);
    const callback = new URL(answer.headers.location as string);
    expect(callback.origin + callback.pathname).toBe('http://localhost:3000/ebay-callback');
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/channels/ebay/connection',
      headers: { cookie: user.cookie },
      payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    expect(exchange.json().connection).toMatchObject({
      channel: 'ebay',
      status: 'connected',
      accountLabel: expect.stringMatching(/^simulated_seller/),
    });
  });

  it('binds a code to the consent that gave it: seller A cannot connect with B’s code, which B then uses', async () => {
    const [a, b] = [await t.makeUser(), await t.makeUser()];
    const start = async (cookie: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/channels/ebay/connect', headers: { cookie } })).json().url as string;
    const connect = (cookie: string, code: string, state: string) =>
      t.app.inject({ method: 'POST', url: '/api/channels/ebay/connection', headers: { cookie }, payload: { code, state } });
    const stateOf = (url: string) => new URL(url).searchParams.get('state')!;
    const aUrl = await start(a.cookie);
    const bUrl = await start(b.cookie);
    const bCode = await consentCode(t, bUrl, b.cookie);

    const stolen = await connect(a.cookie, bCode, stateOf(aUrl));
    expect(stolen.statusCode).toBe(404);
    const aConnection = await t.app.inject({ method: 'GET', url: '/api/ebay/connection', headers: { cookie: a.cookie } });
    expect(aConnection.json().connection).toBeNull();
    // B's code was not spent by the refusal: B connects with it.
    const bConnected = await connect(b.cookie, bCode, stateOf(bUrl));
    expect(bConnected.statusCode).toBe(200);
    // A, through A's own consent, gets A's own simulated account, not B's.
    const aAgain = await start(a.cookie);
    const own = await connect(a.cookie, await consentCode(t, aAgain, a.cookie), stateOf(aAgain));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().connection.accountLabel).not.toBe(bConnected.json().connection.accountLabel);
  });

  it('gives each seller an eBay account of their own: B never meets A’s inventory, offers or listings', async () => {
    const client = ebaySetupFrom(t.config, t.deps.channelSetups.ebay.simulation).client!;
    const [a, b] = [await t.makeUser(), await t.makeUser()];
    const tokenOf = async (cookie: string) =>
      (await client.oauth.exchangeCode(await consentCode(t, client.oauth.consentUrl('test-state'), cookie))).accessToken;
    const [tokenA, tokenB] = [await tokenOf(a.cookie), await tokenOf(b.cookie)];
    const [userA, userB] = [await client.identity.getUser(tokenA), await client.identity.getUser(tokenB)];
    expect(userA.userId).not.toBe(userB.userId);
    expect(userA.username).not.toBe(userB.username);
    // The same seller connecting again meets the same account.
    expect((await client.identity.getUser(await tokenOf(a.cookie))).userId).toBe(userA.userId);

    const setupA = await prepareFakeSeller(client, tokenA);
    await client.inventory.putInventoryItem(tokenA, 'PSTFSH-001', jeansItem());
    const offerA = await client.offers.createOffer(tokenA, jeansOffer('PSTFSH-001', setupA));
    await client.offers.publishOffer(tokenA, offerA);
    expect(await client.inventory.getInventoryItem(tokenB, 'PSTFSH-001')).toBeNull();
    expect(await client.offers.getOffersBySku(tokenB, 'PSTFSH-001')).toEqual([]);
    // B lists its own PSTFSH-001: no conflict with A's.
    const setupB = await prepareFakeSeller(client, tokenB);
    await client.inventory.putInventoryItem(tokenB, 'PSTFSH-001', jeansItem());
    const offerB = await client.offers.createOffer(tokenB, jeansOffer('PSTFSH-001', setupB));
    expect(offerB).not.toBe(offerA);
    const { listingId } = await client.offers.publishOffer(tokenB, offerB);
    expect(listingId).toBeTruthy();
  });

  it('asks a seller who is not signed in to sign in before the simulated consent', async () => {
    const user = await t.makeUser();
    const start = await t.app.inject({ method: 'POST', url: '/api/channels/ebay/connect', headers: { cookie: user.cookie } });
    const authUrl = new URL(start.json().url);
    const consent = await t.app.inject({ method: 'GET', url: authUrl.pathname + authUrl.search });
    expect(consent.statusCode).toBe(401);
    expect(consent.body).toContain(SIMULATED_EBAY_SIGN_IN);
  });

  it('lists on the simulation, whose listing links lead to its own labelled view page', async () => {
    const client = ebaySetupFrom(t.config, t.deps.channelSetups.ebay.simulation).client!;
    const seller = await t.makeUser();
    const { accessToken } = await client.oauth.exchangeCode(await consentCode(t, client.oauth.consentUrl('test-state'), seller.cookie));
    const setup = await prepareFakeSeller(client, accessToken);
    await client.inventory.putInventoryItem(accessToken, 'SIM-1', jeansItem());
    const offerId = await client.offers.createOffer(accessToken, jeansOffer('SIM-1', setup));
    const { listingId } = await client.offers.publishOffer(accessToken, offerId);
    const listingUrl = new URL(client.listingUrl(listingId));
    expect(listingUrl.href).toBe(`http://localhost:3000/simulated-ebay/itm/${listingId}`);
    const page = await t.app.inject({ method: 'GET', url: listingUrl.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SIMULATED_EBAY_LABEL);
    expect(page.body).toContain('Levi&#39;s 501 Men&#39;s Jeans');
    // Only the pages a browser opens are under the app's address: the fake's API and control endpoints are not.
    expect((await t.app.inject({ method: 'GET', url: '/simulated-ebay/__control/state' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/simulated-ebay/sell/account/v1/fulfillment_policy' })).statusCode).toBe(404);
  });
});

describe('a server with eBay keys', () => {
  it('runs no simulation', async () => {
    const t = await createTestApp({ EBAY_SIMULATION: 'auto', ...keys });
    try {
      expect(t.deps.channelSetups.ebay.simulation).toBeNull();
      const user = await t.makeUser();
      const connection = await t.app.inject({ method: 'GET', url: '/api/ebay/connection', headers: { cookie: user.cookie } });
      expect(connection.json()).toMatchObject({ configured: true, simulated: false });
      expect((await t.app.inject({ method: 'GET', url: '/simulated-ebay/oauth2/authorize' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

/** The code the consent page's Agree sends to the callback, through the app's own address. */
async function consentCode(t: TestApp, consentUrl: string, cookie: string): Promise<string> {
  const url = new URL(consentUrl);
  const consent = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie } });
  const form = new URLSearchParams({ decision: 'agree' });
  for (const [, name, value] of consent.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    );
  const answer = await t.app.inject({
    method: 'POST',
    url: `${url.pathname.replace(/authorize$/, 'consent')}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: form.toString(),
  });
  return new URL(answer.headers.location as string).searchParams.get('code')!;
}
