import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import type { HandoverResponse } from '@shared/contracts/assisted';
import type { Item } from '@shared/contracts/items';
import { channelListings, items } from '../../db/schema';
import { itemWithPhotos, writeLeviJeansListing } from '../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { photoFileName } from './service';

/**
 * The assisted channels' routes (decision 051) on the real app and database: the handover in each
 * marketplace's words with the seller's price rule, the photos in order, prepare idempotent, the seller's answers,
 * recording the listing (its URL checked against the marketplace's domain) and undoing it; 404 for another seller's
 * item and for an unknown channel.
 */
let t: TestApp;
let seller: TestUser;
let other: TestUser;
let item: Item;

beforeAll(async () => {
  t = await createTestApp();
  seller = await t.makeUser();
  other = await t.makeUser();
  item = await itemWithPhotos(t, seller, { sku: 'JEANS_7' }, 3);
  await writeLeviJeansListing(db(), item.id);
  await db()
    .update(items)
    .set({ aiSuggestedPriceMinor: 2500, aiTags: ['denim', 'straight leg'], extractedSize: '32x30', extractedSizeType: 'Regular' })
    .where(eq(items.id, item.id));
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;
const usd = (amountMinor: number) => money(amountMinor, 'USD');
const inject = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const path = (what: string, channel = 'poshmark', id = item.id) => `/api/items/${id}/listings/${channel}/${what}`;
const rowOf = async (channel: string) =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, item.id), eq(channelListings.channel, channel as 'poshmark')))
  )[0];

describe('assisted listings', () => {
  it('hands the listing over in the marketplace’s words, with the photos in order', async () => {
    const res = await inject(seller, 'GET', path('handover', 'depop'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<HandoverResponse>();
    expect(body).toMatchObject({
      channel: 'depop',
      status: null,
      title: null,
      condition: 'Used - Good',
      category: 'Menswear > Bottoms > Jeans',
      size: 'W32',
      price: usd(2500),
      basePrice: usd(2500),
      hashtags: ['#levis', '#denim', '#straightleg', '#jeans'],
      questions: [],
    });
    expect(body.description).toMatch(/#levis #denim #straightleg #jeans$/);
    const detail = (await inject(seller, 'GET', `/api/items/${item.id}`)).json<Item>();
    expect(body.photos.map((p) => p.id)).toEqual(detail.images.map((i) => i.id));
    expect(body.photos.map((p) => p.fileName)).toEqual(['JEANS_7-1.jpg', 'JEANS_7-2.jpg', 'JEANS_7-3.jpg']);
    expect(photoFileName('JEANS 7/1', 0, 'u/a/b.webp')).toBe('JEANS-7-1-1.webp');
    expect(photoFileName('///', 1, 'u/a/b')).toBe('photo-2.jpg');
    // Each photo's signed URL answers its bytes.
    const signed = new URL(body.photos[0]!.url, 'http://localhost');
    const photo = await t.app.inject({ method: 'GET', url: signed.pathname + signed.search });
    expect(photo.statusCode).toBe(200);
  });

  it('applies the seller’s price rule for the channel to the item’s asking price (never to another channel’s price)', async () => {
    const put = await inject(seller, 'PUT', '/api/channels/poshmark/price-rule', { percent: 10, rounding: 'cents99' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await inject(seller, 'GET', path('handover'))).json<HandoverResponse>()).toMatchObject({
      price: usd(2799),
      basePrice: usd(2500),
    });
    await db().insert(channelListings).values({ userId: seller.id, itemId: item.id, channel: 'ebay', status: 'draft', priceMinor: 3000 });
    expect((await inject(seller, 'GET', path('handover'))).json<HandoverResponse>()).toMatchObject({
      price: usd(2799),
      basePrice: usd(2500),
    });
    const rules = (await inject(seller, 'GET', '/api/channels/price-rules')).json<{ rules: Record<string, unknown> }>().rules;
    expect(rules.poshmark).toEqual({ percent: 10, rounding: 'cents99' });
    expect(rules.mercari).toEqual({ percent: 0, rounding: 'none' });
    // Another seller has their own rules.
    expect((await inject(other, 'GET', '/api/channels/price-rules')).json<{ rules: Record<string, unknown> }>().rules.poshmark).toEqual({
      percent: 0,
      rounding: 'none',
    });
    expect((await inject(seller, 'PUT', '/api/channels/etsy-ish/price-rule', { percent: 5, rounding: 'none' })).statusCode).toBe(404);
    expect((await inject(seller, 'PUT', '/api/channels/mercari/price-rule', { percent: 900, rounding: 'none' })).statusCode).toBe(400);
  });

  it('prices the hand-over of an item with no AI price by the seller’s price list, then by their own asking price', async () => {
    const bare = await itemWithPhotos(t, other, { sku: 'TEE_9' }, 1);
    await writeLeviJeansListing(db(), bare.id);
    await db().update(items).set({ aiSuggestedPriceMinor: null, category: 'Mens Jeans' }).where(eq(items.id, bare.id));
    const handover = async () => (await inject(other, 'GET', path('handover', 'depop', bare.id))).json<HandoverResponse>();
    expect(await handover()).toMatchObject({ price: null, basePrice: null });
    const list = { currency: 'USD', rows: [{ category: 'Mens Jeans', amountMinor: 1250 }], adjustments: [] };
    expect((await inject(other, 'PUT', '/api/price-list', list)).statusCode).toBe(200);
    expect(await handover()).toMatchObject({ price: usd(1250), basePrice: usd(1250) });
    await db().update(items).set({ askingPriceMinor: 1800 }).where(eq(items.id, bare.id));
    expect(await handover()).toMatchObject({ price: usd(1800), basePrice: usd(1800) });
  });

  it('prepares the draft once, however often it is asked', async () => {
    const first = await inject(seller, 'POST', path('prepare'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<HandoverResponse>().status).toBe('draft');
    expect((await inject(seller, 'POST', path('prepare'))).statusCode).toBe(200);
    const rows = await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, item.id), eq(channelListings.channel, 'poshmark')));
    expect(rows).toHaveLength(1);
    const listed = (await inject(seller, 'GET', `/api/items/${item.id}`)).json<Item>().listings;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'poshmark', status: 'draft', url: null, error: null, delistTask: false }),
      ]),
    );
  });

  it('asks what it cannot map, and keeps the seller’s answers in the listing', async () => {
    await db().update(items).set({ condition: 'fair' }).where(eq(items.id, item.id));
    const asked = (await inject(seller, 'GET', path('handover', 'grailed'))).json<HandoverResponse>();
    expect(asked.condition).toBeNull();
    expect(asked.questions).toEqual([
      { field: 'condition', ours: 'fair', options: ['New/Never Worn', 'Gently Used', 'Used', 'Very Worn'] },
    ]);
    const wrong = await inject(seller, 'PUT', path('answers', 'grailed'), { condition: 'Mint' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Grailed does not offer the condition “Mint”. Choose one from the list.');
    const answered = await inject(seller, 'PUT', path('answers', 'grailed'), { condition: 'Used' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<HandoverResponse>()).toMatchObject({ condition: 'Used', questions: [], status: 'draft' });
    expect(answered.json<HandoverResponse>().answered).toEqual([
      { field: 'condition', ours: 'fair', options: asked.questions[0]!.options, value: 'Used' },
    ]);
    expect((await rowOf('grailed'))!.data).toEqual({ answers: { condition: 'Used' } });
    const cleared = await inject(seller, 'PUT', path('answers', 'grailed'), { condition: null });
    expect(cleared.json<HandoverResponse>().condition).toBeNull();
    await db().update(items).set({ condition: 'good' }).where(eq(items.id, item.id));
  });

  it('records the listing with its URL on the marketplace, refuses another domain, and undoes it', async () => {
    const wrong = await inject(seller, 'POST', path('listed'), { url: 'https://www.depop.com/products/x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('That link is not a Poshmark listing. Paste the link of your listing on poshmark.com.');
    expect((await rowOf('poshmark'))!.status).toBe('draft');

    const url = 'https://poshmark.com/listing/Levis-501-Jeans-65a1b2c3d4';
    const listed = await inject(seller, 'POST', path('listed'), { url });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<HandoverResponse>()).toMatchObject({ status: 'live', url, price: usd(2799) });
    const row = (await rowOf('poshmark'))!;
    expect(row).toMatchObject({ status: 'live', url, priceMinor: 2799 });
    expect(row.listedAt).toBeInstanceOf(Date);
    const listings = (await inject(seller, 'GET', `/api/items/${item.id}`)).json<Item>().listings;
    expect(listings).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'poshmark', status: 'live', url, error: null, delistTask: false })]),
    );

    const undone = await inject(seller, 'POST', path('unlist'));
    expect(undone.json<HandoverResponse>()).toMatchObject({ status: 'draft', url: null, listedAt: null });

    // "Listed" without a URL, on a marketplace never prepared.
    const tapped = await inject(seller, 'POST', path('listed', 'mercari'), {});
    expect(tapped.json<HandoverResponse>()).toMatchObject({ status: 'live', url: null });
  });

  it('shows the delist task of a listing sold elsewhere, and keeps a sold listing', async () => {
    await db()
      .update(channelListings)
      .set({ delistTaskAt: new Date() })
      .where(and(eq(channelListings.itemId, item.id), eq(channelListings.channel, 'mercari')));
    expect((await inject(seller, 'GET', path('handover', 'mercari'))).json<HandoverResponse>().delistTask).toBe(true);
    await db()
      .update(channelListings)
      .set({ status: 'sold' })
      .where(and(eq(channelListings.itemId, item.id), eq(channelListings.channel, 'mercari')));
    const refused = await inject(seller, 'POST', path('unlist', 'mercari'));
    expect(refused.statusCode).toBe(409);
    expect((await inject(seller, 'POST', path('listed', 'mercari'), {})).statusCode).toBe(409);
  });

  it('answers 404 for another seller’s item, an unknown item and an unknown channel', async () => {
    for (const [method, what, payload] of [
      ['GET', 'handover', undefined],
      ['POST', 'prepare', undefined],
      ['PUT', 'answers', { condition: 'Good' }],
      ['POST', 'listed', { url: 'https://poshmark.com/listing/x' }],
      ['POST', 'unlist', undefined],
    ] as const) {
      expect((await inject(other, method, path(what), payload)).statusCode, `${method} ${what}`).toBe(404);
      expect((await inject(seller, method, path(what, 'poshmark', '00000000-0000-4000-8000-000000000000'), payload)).statusCode).toBe(404);
      const unknown = await inject(seller, method, path(what, 'ebay'), payload);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe('This marketplace is not one the app prepares listings for.');
    }
    // Nothing of the owner's changed.
    expect((await rowOf('poshmark'))!.status).toBe('draft');
    expect(await db().select().from(channelListings).where(eq(channelListings.userId, other.id))).toEqual([]);
  });
});
