import { ebayCategoryOf } from '@shared/contracts/ebay-listing';
/**
 * Regenerate threw away what the seller typed ("Patagonia Better Sweater..." became "Pre-Owned
 * Patagonia Men's Top", the brand, size, size type and colour entered were wiped), and "out of date" could only be
 * cleared by Regenerate. What the seller set is theirs: a generation writes only the rest, and saving the listing's
 * text after the category, condition or brand changed brings it up to date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasicGenerator } from '../adapters/ai/basic-generator';
import { ebayListingRow } from '../test/ebay-listings';
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
const inject = (method: 'PATCH' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const readiness = async (itemId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/items/${itemId}/readiness`, headers: { cookie: user.cookie } })).json();

async function runGenerations() {
  await drain(generationPool(t, createBasicGenerator()));
}

const typedTitle = "Patagonia Better Sweater Fleece Jacket Men's L Grey Quarter Zip";

describe('what the seller set is kept by Regenerate', () => {
  it('keeps the typed title, brand, size, size type, colour, item specific, eBay category and condition; rewrites the rest', async () => {
    const item = await itemWithPhotos(t, user, { category: null, condition: null, brand: null });
    await requestGeneration(t, user, [item.id]);
    await runGenerations();
    const written = await getListing(t, user, item.id);
    expect(written.sellerFields).toEqual([]);

    const edit = await inject('PATCH', `/api/items/${item.id}/listing`, {
      title: typedTitle,
      description: written.aiDescription,
      tags: written.aiTags,
    });
    expect(edit.statusCode).toBe(200);
    const settings = await inject('PUT', `/api/items/${item.id}/publish-settings`, {
      quantity: 1,
      condition: 'excellent',
      categoryId: '15687',
      sizeType: 'Big & Tall',
      size: 'L',
      brand: 'Patagonia',
      color: 'Grey',
      itemSpecifics: { 'Sleeve Length': 'Long Sleeve' },
    });
    expect(settings.statusCode).toBe(200);
    const fix = await inject('PATCH', `/api/items/${item.id}/quick-fix`, { category: 'Mens Tops', condition: 'good' });
    expect(fix.statusCode).toBe(200);
    expect((await readiness(item.id)).errors).toContain(outOfDate);
    const before = await getListing(t, user, item.id);
    expect([...before.sellerFields].sort()).toEqual(
      ['aspect:Sleeve Length', 'brand', 'category', 'color', 'condition', 'size', 'sizeType', 'title'].sort(),
    );

    expect((await inject('POST', `/api/items/${item.id}/listing/regenerate`)).statusCode).toBe(202);
    await runGenerations();
    const after = await getListing(t, user, item.id);
    expect(after).toMatchObject({
      aiGenerationStatus: 'completed',
      aiTitle: typedTitle,
      extractedBrand: 'Patagonia',
      extractedSize: 'L',
      extractedSizeType: 'Big & Tall',
      extractedColor: 'Grey',
    });
    expect(ebayCategoryOf(after)).toMatchObject({ categoryId: '15687', conditionGrade: 'good' });
    expect(after.itemSpecificsJson).toMatchObject({ 'Sleeve Length': 'Long Sleeve' });
    expect(after.aiEvidence).toMatchObject({ brand: { source: 'seller' }, size: { source: 'seller' } });
    // Not set by the seller: written again from the fixed category and condition.
    expect(after.aiDescription).not.toBe(before.aiDescription);
    expect(after.aiConditionNotes).not.toContain('not stated');
    expect(after.aiGeneratedAt).not.toBe(before.aiGeneratedAt);
    expect((await readiness(item.id)).errors).not.toContain(outOfDate);
    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ categoryId: '15687', conditionGrade: 'good' });
  });

  it('a deleted listing forgets what the seller set: the next one is written whole', async () => {
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    await runGenerations();
    const written = await getListing(t, user, item.id);
    await inject('PATCH', `/api/items/${item.id}/listing`, { title: typedTitle, description: written.aiDescription, tags: written.aiTags });
    expect((await getListing(t, user, item.id)).sellerFields).toEqual(['title']);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/items/${item.id}/listing`, headers: { cookie: user.cookie } })).statusCode,
    ).toBe(200);
    expect((await getListing(t, user, item.id)).sellerFields).toEqual([]);
    await requestGeneration(t, user, [item.id]);
    await runGenerations();
    expect((await getListing(t, user, item.id)).aiTitle).toBe(written.aiTitle);
  });
});

describe('out of date is cleared by saving the listing', () => {
  it('after a Quick Fix of category and condition, saving the edited text makes it up to date and Ready', async () => {
    const item = await itemWithPhotos(t, user, { category: 'Mens Jeans', condition: 'good', brand: "Levi's" });
    await requestGeneration(t, user, [item.id]);
    await runGenerations();
    expect((await getListing(t, user, item.id)).listingReady).toBe(true);
    expect(
      (await inject('PATCH', `/api/items/${item.id}/quick-fix`, { category: 'Womens Jeans', condition: 'excellent' })).statusCode,
    ).toBe(200);
    const stale = await getListing(t, user, item.id);
    expect(stale.listingReady).toBe(false);
    expect((await readiness(item.id)).errors).toContain(outOfDate);

    const saved = await inject('PATCH', `/api/items/${item.id}/listing`, {
      title: "Levi's Women's Jeans 501 Excellent Condition Blue",
      description: stale.aiDescription,
      tags: stale.aiTags,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().listingReady).toBe(true);
    expect((await readiness(item.id)).errors).not.toContain(outOfDate);
  });
});
