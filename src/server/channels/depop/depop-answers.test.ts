import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channelsPaths } from '@shared/contracts/channels';
import { depopAnswerMessages, depopPaths } from '@shared/contracts/depop';
import { channelListings, items } from '../../db/schema';
import { createWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { makeJpeg } from '../../test/images';
import { drain, silentLog } from '../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createItemWithPhotos } from '../../test/uploads';
import { depopPreflightMessages } from './depop-preflight';
import type { DepopServices } from './module';

/**
 * PUT /api/items/:id/listings/depop/fields: what Depop asks that the item does not tell (product type, size, national
 * shipping), checked against the size sets and kept on the item's Depop listing, where the pre-flight reads it.
 */
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  t = await createTestApp({ DEPOP_SIMULATION: 'auto' });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  expect(fake().contractViolations).toEqual([]);
});

const fake = () => (t.deps.services.channels.depop as DepopServices).simulation!.fake;
const db = () => t.deps.database.db;
const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const answersOf = (itemId: string) => depopPaths.itemAnswers.replace(':id', itemId);
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const none = { productType: null, sizeSetId: null, sizeId: null, nationalShipping: null };

/** A seller whose simulated Depop shop (US: dollars) is connected through its consent. */
async function connectedSeller() {
  const user = await t.makeUser();
  const start = await api(user, 'POST', channelsPaths.connect('depop'), {});
  const consent = new URL((start.json() as { url: string }).url);
  const form = new URLSearchParams({ decision: 'allow', country: 'US' });
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope'])
    form.set(name, consent.searchParams.get(name) ?? '');
  const allowed = await t.app.inject({
    method: 'POST',
    url: consent.pathname,
    payload: form.toString(),
    headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });
  const back = new URL(allowed.headers.location as string);
  const done = await api(user, 'POST', channelsPaths.connection('depop'), {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  expect(done.statusCode, done.body).toBeLessThan(300);
  return user;
}

/** An item written and priced, of the category given, with nothing of Depop's own filled. */
async function writtenItem(user: TestUser, category: string) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await db()
    .update(items)
    .set({
      aiTitle: 'Levi’s 501 jeans',
      aiDescription: 'Straight leg, mid wash.',
      aiSuggestedPriceMinor: 4000,
      category,
      condition: 'good',
      brand: 'Levi’s',
      extractedDepartment: 'Men',
    })
    .where(eq(items.id, item.id));
  return item;
}

const problemsOf = async (user: TestUser, itemId: string) =>
  (await t.deps.services.marketplaces.depop.preflight(user.id, itemId)).problems.map((p) => p.message);

describe('the seller’s answers for Depop', () => {
  it(
    'keeps a size of the category’s product type and the shipping price, exactly: the pre-flight then passes and it goes live',
    { timeout: paced(60_000) },
    async () => {
      const user = await connectedSeller();
      const item = await writtenItem(user, 'Mens Jeans');
      expect(await problemsOf(user, item.id)).toEqual([
        'Choose the item’s Depop size: Depop sizes jeans by its own size chart.',
        depopPreflightMessages.shipping,
      ]);
      const saved = await api(user, 'PUT', answersOf(item.id), { ...none, sizeSetId: 60, sizeId: 28, nationalShipping: usd(350) });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({
        itemId: item.id,
        part: { productType: null, sizeSetId: 60, sizeId: 28, nationalShipping: '3.50', slug: null },
      });
      expect(await problemsOf(user, item.id)).toEqual([]);
      // The answers sit on a draft Depop listing; the item view carries them as Depop's part.
      const view = (await api(user, 'GET', `/api/items/${item.id}`)).json() as {
        listings: { channel: string; status: string; part: object }[];
      };
      expect(view.listings.find((l) => l.channel === 'depop')).toMatchObject({ status: 'draft', part: { sizeSetId: 60, sizeId: 28 } });

      const listed = await api(user, 'POST', channelsPaths.listings, { itemIds: [item.id], channels: ['depop'] });
      expect(listed.statusCode, listed.body).toBe(200);
      await drain(pool);
      const [row] = await db().select().from(channelListings).where(eq(channelListings.itemId, item.id));
      expect(row).toMatchObject({ channel: 'depop', status: 'live' });
      const product = fake()
        .snapshot()
        .products.find((p) => String(p.productId) === row!.externalId);
      expect(product).toMatchObject({ productType: 'jeans', sizeSetId: 60, sizeIds: [28] });
    },
  );

  it(
    'a shop default shipping price, asked once on the connection: every item without its own goes out with it',
    { timeout: paced(60_000) },
    async () => {
      const user = await connectedSeller();
      const stranger = await t.makeUser();
      expect((await api(stranger, 'GET', depopPaths.shopSettings)).json()).toEqual({ nationalShipping: null, currency: null });
      expect((await api(stranger, 'PUT', depopPaths.shopSettings, { nationalShipping: usd(300) })).statusCode).toBe(409);
      expect((await api(user, 'GET', depopPaths.shopSettings)).json()).toEqual({ nationalShipping: null, currency: 'USD' });
      const item = await writtenItem(user, 'Mens Jeans');
      const own = await writtenItem(user, 'Mens Jeans');
      expect(await problemsOf(user, item.id)).toContain(depopPreflightMessages.shipping);

      // In the shop's currency only; then kept, in minor units.
      const pounds = await api(user, 'PUT', depopPaths.shopSettings, { nationalShipping: { amountMinor: 300, currency: 'GBP' } });
      expect(pounds.statusCode).toBe(400);
      expect(pounds.json().error.message).toBe(depopAnswerMessages.currency('USD'));
      const saved = await api(user, 'PUT', depopPaths.shopSettings, { nationalShipping: usd(495) });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ nationalShipping: usd(495), currency: 'USD' });

      // Neither item is asked for shipping any more; one keeps its own price.
      for (const id of [item.id, own.id])
        expect(
          await api(user, 'PUT', answersOf(id), {
            ...none,
            sizeSetId: 60,
            sizeId: 28,
            ...(id === own.id ? { nationalShipping: usd(0) } : {}),
          }),
        ).toMatchObject({ statusCode: 200 });
      expect(await problemsOf(user, item.id)).toEqual([]);
      const listed = await api(user, 'POST', channelsPaths.listings, { itemIds: [item.id, own.id], channels: ['depop'] });
      expect(listed.statusCode, listed.body).toBe(200);
      await drain(pool);
      const rows = await db().select().from(channelListings).where(eq(channelListings.userId, user.id));
      const productOf = (itemId: string) =>
        fake()
          .snapshot()
          .products.find((p) => String(p.productId) === rows.find((r) => r.itemId === itemId)?.externalId);
      expect(productOf(item.id)?.nationalShipping).toEqual(usd(495));
      expect(productOf(own.id)?.nationalShipping).toEqual(usd(0));
    },
  );

  it(
    'places the item’s own size as resellers write it in Depop’s size set, and asks only the one no rule places',
    { timeout: paced(120_000) },
    async () => {
      const user = await connectedSeller();
      const cases: [string, string, { sizeSetId: number; sizeIds: number[] }][] = [
        ['Mens Jeans', 'W32 L32', { sizeSetId: 60, sizeIds: [28] }],
        ['Mens Jeans', '32x32', { sizeSetId: 60, sizeIds: [28] }],
        ['Mens Tops', 'M', { sizeSetId: 52, sizeIds: [4] }],
        ['Shoes', 'UK 9', { sizeSetId: 70, sizeIds: [112] }],
      ];
      for (const [category, size, expected] of cases) {
        const item = await writtenItem(user, category);
        await db().update(items).set({ extractedSize: size }).where(eq(items.id, item.id));
        await api(user, 'PUT', answersOf(item.id), { ...none, nationalShipping: usd(350) });
        expect(await problemsOf(user, item.id), size).toEqual([]);
        const listed = await api(user, 'POST', channelsPaths.listings, { itemIds: [item.id], channels: ['depop'] });
        expect(listed.statusCode, listed.body).toBe(200);
        await drain(pool);
        const [row] = await db().select().from(channelListings).where(eq(channelListings.itemId, item.id));
        expect(row, size).toMatchObject({ channel: 'depop', status: 'live' });
        const product = fake()
          .snapshot()
          .products.find((p) => String(p.productId) === row!.externalId);
        expect(product, size).toMatchObject(expected);
      }
      // An EU shoe size converts by the brand's own chart: Depop's UK size is asked before anything is sent.
      const eu = await writtenItem(user, 'Shoes');
      await db().update(items).set({ extractedSize: 'EU 43' }).where(eq(items.id, eu.id));
      await api(user, 'PUT', answersOf(eu.id), { ...none, nationalShipping: usd(350) });
      expect(await problemsOf(user, eu.id)).toEqual([
        'Choose the item’s Depop size: Depop sizes shoes by its own size chart, which has no "EU 43".',
      ]);
    },
  );

  it('takes another product type where the category tells none, and free shipping as 0', async () => {
    const user = await connectedSeller();
    const item = await writtenItem(user, 'Other Clothing');
    expect(await problemsOf(user, item.id)).toContain(
      'Choose the item’s category: Depop needs its product type (tops, jeans, jackets...).',
    );
    const saved = await api(user, 'PUT', answersOf(item.id), {
      productType: 'hoodies',
      sizeSetId: 52,
      sizeId: 4,
      nationalShipping: usd(0),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ part: { productType: 'hoodies', sizeSetId: 52, sizeId: 4, nationalShipping: '0.00' } });
    expect(await problemsOf(user, item.id)).toEqual([]);
    // A sizeless type takes no size; answers given again replace the earlier ones (the size goes).
    const bag = await api(user, 'PUT', answersOf(item.id), { ...none, productType: 'bags', nationalShipping: usd(0) });
    expect(bag.json()).toMatchObject({ part: { productType: 'bags', sizeSetId: null, sizeId: null } });
    expect(await problemsOf(user, item.id)).toEqual([]);
  });

  it('keeps no product type that only repeats the category’s, so the item follows its category', async () => {
    const user = await connectedSeller();
    const item = await writtenItem(user, 'Mens Jeans');
    const saved = await api(user, 'PUT', answersOf(item.id), { ...none, productType: 'jeans', sizeSetId: 60, sizeId: 30 });
    expect(saved.json()).toMatchObject({ part: { productType: null, sizeSetId: 60, sizeId: 30 } });
    // Its category changed to tops: the jeans size no longer counts, and the pre-flight asks for a size again.
    await db().update(items).set({ category: 'Mens Tops' }).where(eq(items.id, item.id));
    expect(await problemsOf(user, item.id)).toContain('Choose the item’s Depop size: Depop sizes tops by its own size chart.');
  });

  it('refuses, in words, a type Depop does not have, a size of another set or type, half a size, a shipping price that is no amount of the shop’s', async () => {
    const user = await connectedSeller();
    const item = await writtenItem(user, 'Mens Jeans');
    const refused = async (body: object) => {
      const answer = await api(user, 'PUT', answersOf(item.id), { ...none, ...body });
      expect(answer.statusCode, answer.body).toBe(400);
      return (answer.json() as { error: { message: string } }).error.message;
    };
    expect(await refused({ productType: 'spaceships' })).toContain(depopAnswerMessages.productType);
    expect(await refused({ sizeSetId: 52, sizeId: 4 })).toBe(depopAnswerMessages.sizeSet('jeans'));
    expect(await refused({ sizeSetId: 60, sizeId: 4 })).toBe(depopAnswerMessages.sizeSet('jeans'));
    expect(await refused({ sizeSetId: 60 })).toBe(depopAnswerMessages.sizePair);
    expect(await refused({ productType: 'bags', sizeSetId: 60, sizeId: 28 })).toBe(depopAnswerMessages.notSized('bags'));
    expect(await refused({ nationalShipping: { amountMinor: 350, currency: 'GBP' } })).toBe(depopAnswerMessages.currency('USD'));
    expect(await refused({ nationalShipping: usd(-1) })).toContain('An amount cannot be negative');
    expect(await refused({ nationalShipping: usd(3.5) })).toContain('whole number of minor units');
    const other = await connectedSeller();
    const unsized = await writtenItem(other, 'Other Clothing');
    const answer = await api(other, 'PUT', answersOf(unsized.id), { ...none, sizeSetId: 52, sizeId: 4 });
    expect(answer.json()).toMatchObject({ error: { message: depopAnswerMessages.noProductType } });
    // Nothing refused was kept.
    expect(await db().select().from(channelListings).where(eq(channelListings.itemId, item.id))).toEqual([]);
  });

  it('another seller’s item, or no item, is not found', async () => {
    const owner = await connectedSeller();
    const item = await writtenItem(owner, 'Mens Jeans');
    const other = await t.makeUser();
    expect((await api(other, 'PUT', answersOf(item.id), { ...none, nationalShipping: usd(350) })).statusCode).toBe(404);
    expect((await api(other, 'PUT', answersOf('not-an-id'), none)).statusCode).toBe(404);
    expect((await api(owner, 'PUT', answersOf('7b0d5b8e-3c4f-4d5e-9a1b-2c3d4e5f6a7b'), none)).statusCode).toBe(404);
    expect(await db().select().from(channelListings).where(eq(channelListings.itemId, item.id))).toEqual([]);
  });

  it('takes the item’s currency before a Depop shop is connected', async () => {
    const user = await t.makeUser();
    const item = await writtenItem(user, 'Mens Jeans');
    const saved = await api(user, 'PUT', answersOf(item.id), { ...none, nationalShipping: usd(499) });
    expect(saved.json()).toMatchObject({ part: { nationalShipping: '4.99' } });
  });
});
