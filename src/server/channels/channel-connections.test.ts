import { paced } from '@shared/testing/pace';
/**
 * Decision 071: one endpoint answers every registered channel's connection, each asked through its module; a seller
 * sees only their own, and the registry is the list the server runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChannels } from '@shared/domain/channel-listing';
import { startFakeEtsy, type FakeEtsy } from '../../../fakes/etsy/etsy-server';
import { connectEtsyThroughApp, fakeEtsyEnv } from '../test/fake-etsy-seller';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadConfig } from '../config';
import { channelModules } from './registry';

const connectionsOf = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/channels', headers: { cookie } })).json();

describe('the channel registry', () => {
  it('registers every API channel once, in the order of apiChannels, each with its label', () => {
    expect(channelModules.map((module) => module.name)).toEqual([...apiChannels]);
    expect(channelModules.map((module) => module.label)).toEqual(['eBay', 'Etsy', 'Shopify', 'Depop']);
  });

  it("names each channel's simulation switch among its own variables, which the test app turns off", () => {
    for (const module of channelModules) expect(Object.keys(module.config.env)).toContain(module.config.simulationEnv);
    const off = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rs-sim-')),
      ...Object.fromEntries(channelModules.map((m) => [m.config.simulationEnv, 'off'])),
    });
    expect([off.ebay.simulated, off.etsy.simulated, off.shopify.simulated, off.depop.simulated]).toEqual([false, false, false, false]);
  });
});

describe('GET /api/channels', () => {
  it('says each channel is not configured on a server without its keys or simulation, and asks for a session', async () => {
    const t = await createTestApp();
    try {
      const user = await t.makeUser();
      expect(await connectionsOf(t, user.cookie)).toEqual({
        channels: [
          {
            channel: 'ebay',
            label: 'eBay',
            configured: false,
            simulated: false,
            status: 'not-connected',
            accountLabel: null,
            salesReadable: false,
            salesChecksToday: { used: 0, limit: 100_000 },
            listings: { up: 0, changing: 0 },
          },
          {
            channel: 'etsy',
            label: 'Etsy',
            configured: false,
            simulated: false,
            status: 'not-connected',
            accountLabel: null,
            salesReadable: false,
            salesChecksToday: { used: 0, limit: 10_000 },
            listings: { up: 0, changing: 0 },
          },
          expect.objectContaining({
            channel: 'shopify',
            label: 'Shopify',
            status: 'not-connected',
            salesChecksToday: { used: 0, limit: null },
          }),
          expect.objectContaining({ channel: 'depop', label: 'Depop', configured: false, status: 'not-connected' }),
        ],
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/channels' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it(
    'says a simulated channel is simulated',
    async () => {
      const t = await createTestApp({ EBAY_SIMULATION: 'auto', ETSY_SIMULATION: 'auto', DEPOP_SIMULATION: 'auto' });
      try {
        const user = await t.makeUser();
        const { channels } = await connectionsOf(t, user.cookie);
        expect(channels).toMatchObject([
          { channel: 'ebay', configured: true, simulated: true, status: 'not-connected' },
          { channel: 'etsy', configured: true, simulated: true, status: 'not-connected' },
          { channel: 'shopify' },
          { channel: 'depop', configured: true, simulated: true, status: 'not-connected' },
        ]);
      } finally {
        await t.close();
      }
    },
    paced(120_000),
  );

  describe('with a connected Etsy shop', () => {
    let fake: FakeEtsy;
    let t: TestApp;
    beforeAll(async () => {
      fake = await startFakeEtsy({ callsPerSecond: 0 });
      t = await createTestApp(fakeEtsyEnv(fake));
    }, paced(120_000));
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    it('names the shop to its seller, and to no other seller', async () => {
      const seller = await t.makeUser();
      const other = await t.makeUser();
      expect(await connectEtsyThroughApp(t.app, seller.cookie)).toEqual({ statusCode: 200 });
      const etsyOf = async (cookie: string) =>
        (await connectionsOf(t, cookie)).channels.find((c: { channel: string }) => c.channel === 'etsy');
      expect(await etsyOf(seller.cookie)).toMatchObject({ configured: true, simulated: false, status: 'connected', salesReadable: true });
      expect((await etsyOf(seller.cookie)).accountLabel).toEqual(expect.any(String));
      expect(await etsyOf(other.cookie)).toMatchObject({
        configured: true,
        status: 'not-connected',
        accountLabel: null,
        salesReadable: false,
      });
      expect(fake.contractViolations).toEqual([]);
    });

    it('connects and disconnects through /api/channels/etsy/..., the seller’s own connection only', async () => {
      const seller = await t.makeUser();
      const other = await t.makeUser();
      expect(await connectEtsyThroughApp(t.app, seller.cookie)).toEqual({ statusCode: 200 });
      const statusOf = async (cookie: string) =>
        (await connectionsOf(t, cookie)).channels.find((c: { channel: string }) => c.channel === 'etsy').status;

      // Another seller's disconnect ends only their own (absent) connection.
      const theirs = await t.app.inject({ method: 'DELETE', url: '/api/channels/etsy/connection', headers: { cookie: other.cookie } });
      expect(theirs.statusCode).toBe(200);
      expect(await statusOf(seller.cookie)).toBe('connected');

      // A consent started by one seller cannot be finished by another.
      const start = await t.app.inject({ method: 'POST', url: '/api/channels/etsy/connect', headers: { cookie: seller.cookie } });
      expect(start.json()).toMatchObject({ next: 'consent', url: expect.stringContaining('state=') });
      const state = new URL(start.json().url).searchParams.get('state');
      const stolen = await t.app.inject({
        method: 'POST',
        url: '/api/channels/etsy/connection',
        headers: { cookie: other.cookie },
        payload: { code: 'a-code', state },
      });
      expect(stolen.statusCode).toBeGreaterThanOrEqual(400);
      expect(await statusOf(other.cookie)).toBe('not-connected');

      const gone = await t.app.inject({ method: 'DELETE', url: '/api/channels/etsy/connection', headers: { cookie: seller.cookie } });
      expect(gone.json()).toEqual({
        success: true,
        message: 'Etsy shop disconnected.',
        connection: expect.objectContaining({ channel: 'etsy', status: 'not-connected', accountLabel: null }),
      });
      expect(await statusOf(seller.cookie)).toBe('not-connected');
    });
  });
});

describe('the one connection API on every channel (decision 094)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, paced(120_000));
  afterAll(async () => {
    await t?.close();
  });
  const call = (method: 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

  it('says an assisted channel is connected as it is, and has nothing to finish or end', async () => {
    const user = await t.makeUser();
    expect((await call('POST', '/api/channels/vinted/connect', user.cookie)).json()).toEqual({ next: 'connected' });
    expect((await call('DELETE', '/api/channels/vinted/connection', user.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/channels/vinted/connection', user.cookie, { code: 'c', state: 's' })).statusCode).toBe(404);
  });

  it('asks Shopify’s store address first, and refuses an unknown channel and a caller without a session', async () => {
    const user = await t.makeUser();
    expect((await call('POST', '/api/channels/shopify/connect', user.cookie, {})).json()).toMatchObject({ next: 'form', fields: ['shop'] });
    expect((await call('POST', '/api/channels/nowhere/connect', user.cookie)).statusCode).toBe(400);
    expect((await call('POST', '/api/channels/etsy/connect')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/channels/etsy/connection')).statusCode).toBe(401);
    // Shopify finishes on its own signed callback, never here.
    expect((await call('POST', '/api/channels/shopify/connection', user.cookie, { code: 'c', state: 's' })).statusCode).toBe(404);
  });
});
