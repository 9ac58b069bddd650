import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { appEvent } from '@shared/contracts/events';
import { createBasicGenerator } from '../adapters/ai/basic-generator';
import { openEventStream } from '../test/event-stream';
import { drain, generationPool, itemWithPhotos, requestGeneration, silentLog } from '../test/listings';
import { createSalesService } from '../sales/sales';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

let t: TestApp;
let user: TestUser;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ EVENTS_MAX_STREAMS_PER_USER: '2' });
  user = await t.makeUser();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/events', () => {
  it('streams the signed-in user’s generation changes as `item` events, and only theirs', async () => {
    const other = await t.makeUser();
    const mine = await openEventStream(base, user.cookie);
    const theirs = await openEventStream(base, other.cookie);
    try {
      expect(mine.status).toBe(200);
      expect(mine.contentType).toContain('text/event-stream');
      const item = await itemWithPhotos(t, user);
      await requestGeneration(t, user, [item.id]);
      await drain(generationPool(t, createBasicGenerator()));
      const events = await mine.until((list) => list.some((e) => e.id === item.id && e.aiGenerationStatus === 'completed'));
      expect(events.filter((e) => e.id === item.id).at(-1)).toMatchObject({
        type: 'item',
        aiGenerationStatus: 'completed',
        listingReady: true,
        aiGenerationError: null,
      });
      await new Promise((r) => setTimeout(r, 1200));
      expect(theirs.events.filter((e) => e.id === item.id)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('carries every kind of event the server emits to its own user only, through generation, edits, publish, a sale and deletes', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const owners = await openEventStream(base, owner.cookie);
    const others = await openEventStream(base, other.cookie);
    const api = (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });
    try {
      const item = await itemWithPhotos(t, owner);
      const gone = await itemWithPhotos(t, owner);
      await requestGeneration(t, owner, [item.id]);
      const pool = generationPool(t, createBasicGenerator());
      await drain(pool);
      expect(
        (
          await api('PATCH', `/api/items/${item.id}/listing`, {
            title: 'Edited title of the item',
            description: 'An edited description long enough for eBay: fifty characters or more.',
            tags: [],
          })
        ).statusCode,
      ).toBe(200);
      const publish = await api('POST', `/api/items/${item.id}/publish`, { price: money(1000), categoryId: '11483', condition: 'good' });
      expect(publish.statusCode).toBe(202);
      await drain(pool); // the publish job runs (and fails: no eBay account is connected)
      // A sale pulled from the channel (its marketplace answering one order line for the item's SKU).
      const ebay = t.deps.services.marketplaces.ebay;
      const sold = createSalesService({
        db: t.deps.database.db,
        marketplaces: {
          ebay: {
            ...ebay,
            pullSales: async () => [
              {
                orderId: '27-1',
                lineId: '1',
                sku: item.sku,
                listingId: '110000000001',
                quantity: 1,
                priceMinor: 1000,
                shippingMinor: 0,
                currency: 'USD',
                soldAt: new Date(),
                cancelledAt: null,
              },
            ],
            itemsOfListings: async (_userId, listingIds) => new Map(listingIds.map((listingId) => [listingId, item.id])),
            sellersWithSales: async () => [],
          },
          etsy: t.deps.services.marketplaces.etsy,
          shopify: t.deps.services.marketplaces.shopify,
          depop: t.deps.services.marketplaces.depop,
        },
        clock: { now: () => Date.now() },
        log: silentLog,
      });
      expect((await sold.pullSalesOf(owner.id, 'ebay')).lines).toBe(1);
      expect((await api('DELETE', `/api/items/${item.id}/images/${item.images[1]!.id}`)).statusCode).toBe(200);
      expect((await api('DELETE', `/api/items/${gone.id}`)).statusCode).toBeLessThan(300);
      await owners.until((list) => list.some((e) => e.id === item.id && e.aiGenerationStatus === 'completed'));

      // A change of the other user's own is the fence: once it arrived, the owner's changes before it had their turn.
      const fence = await itemWithPhotos(t, other, {}, 0);
      await others.until((list) => list.some((e) => e.id === fence.id));
      const ownerIds = [owner.id, item.id, gone.id, ...item.images.map((i) => i.id)];
      for (const block of others.blocks) for (const id of ownerIds) expect(block.data).not.toContain(id);
      expect(others.blocks.every((block) => block.data.includes(fence.id))).toBe(true);

      // Every kind the contract defines was seen on the owner's stream (a new kind must come through here too).
      const kinds = appEvent.options.map((option) => option.shape.type.value);
      expect([...new Set(owners.blocks.map((block) => block.event))].sort()).toEqual([...kinds].sort());
    } finally {
      owners.close();
      others.close();
    }
  });

  it('answers 429 past the per-user cap of open streams, and a slot frees when a stream closes', async () => {
    const seller = await t.makeUser();
    const first = await openEventStream(base, seller.cookie);
    const second = await openEventStream(base, seller.cookie);
    expect([first.status, second.status]).toEqual([200, 200]);
    const refused = await fetch(`${base}/api/events`, { headers: { cookie: seller.cookie } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('RATE_LIMITED');
    // Someone else is not affected.
    const stranger = await openEventStream(base, user.cookie);
    expect(stranger.status).toBe(200);
    stranger.close();

    first.close();
    let again = await openEventStream(base, seller.cookie);
    for (let tries = 0; again.status === 429 && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await openEventStream(base, seller.cookie);
    }
    expect(again.status).toBe(200);
    again.close();
    second.close();
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });
});

describe('closing the app', () => {
  it('ends open streams, so close() does not wait for the browser', async () => {
    const own = await createTestApp();
    try {
      const seller = await own.makeUser();
      const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const streams = [await openEventStream(address, seller.cookie), await openEventStream(address, seller.cookie)];
      expect(streams.map((s) => s.status)).toEqual([200, 200]);
      const started = Date.now();
      await own.app.close();
      await Promise.all(streams.map((s) => s.ended));
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await own.close();
    }
  });
});
