import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasicGenerator } from '../adapters/ai/basic-generator';
import { drain, generationPool, getListing, itemWithPhotos, requestGeneration } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
});
afterAll(async () => {
  await t?.close();
});

const outOfDate =
  'Listing out of date: the category, condition or brand changed after it was written. Regenerate it, or edit its text and save.';
const patchItem = (itemId: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/items/${itemId}`, payload, headers: { cookie: user.cookie } });
const quickFix = (itemId: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/items/${itemId}/quick-fix`, payload, headers: { cookie: user.cookie } });
const readiness = async (itemId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/items/${itemId}/readiness`, headers: { cookie: user.cookie } })).json();

async function generate(itemId: string) {
  await requestGeneration(t, user, [itemId]);
  await drain(generationPool(t, createBasicGenerator()));
}

describe('a listing written from other fields than the item has now', () => {
  it('is out of date, not Ready, after the seller sets category, condition and brand; Regenerate makes it Ready', async () => {
    const item = await itemWithPhotos(t, user, { category: null, condition: null, brand: null });
    await generate(item.id);
    const written = await getListing(t, user, item.id);
    expect(written.aiTitle).toBe('Clothing or Accessory');
    expect(written.aiConditionNotes).toBe('Condition not stated; check the photos for wear.');

    expect((await patchItem(item.id, { category: 'Mens Tops', condition: 'excellent', brand: 'Ralph Lauren' })).statusCode).toBe(200);
    const stale = await getListing(t, user, item.id);
    expect(stale.listingReady).toBe(false);
    expect(stale.publishReadyScore).toBeLessThan(90);
    expect((await readiness(item.id)).errors).toContain(outOfDate);

    await generate(item.id);
    const fresh = await getListing(t, user, item.id);
    expect(fresh.aiTitle).toBe("Ralph Lauren Men's Top");
    expect(fresh.aiConditionNotes).not.toContain('not stated');
    expect(fresh.listingReady).toBe(true);
    expect((await readiness(item.id)).errors).not.toContain(outOfDate);
  });

  it('a Quick Fix of the category makes it out of date too; the same fields again (any case) do not', async () => {
    const item = await itemWithPhotos(t, user, { category: 'Mens Jeans', condition: 'good', brand: "Levi's" });
    await generate(item.id);
    expect((await getListing(t, user, item.id)).listingReady).toBe(true);
    expect((await patchItem(item.id, { brand: " levi's " })).statusCode).toBe(200);
    expect((await getListing(t, user, item.id)).listingReady).toBe(true);

    expect((await quickFix(item.id, { category: 'Womens Jeans' })).statusCode).toBe(200);
    expect((await getListing(t, user, item.id)).listingReady).toBe(false);
    expect((await readiness(item.id)).errors).toContain(outOfDate);
  });
});
