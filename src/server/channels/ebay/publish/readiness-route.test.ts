import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readinessResponse, type ReadinessResponse } from '@shared/contracts/publish';
import { readinessMessages } from '@shared/domain/readiness';
import { ebayAccountMessages } from './readiness-check';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { items } from '../../../db/schema';
import { ebayListingRow } from '../../../test/ebay-listings';
import { makeJpeg } from '../../../test/images';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';
import { connectFakeEbayAccount, fakeEbayEnv, testSellerPolicies } from '../../../test/fake-ebay-seller';

/** GET /api/items/:id/readiness and PATCH /api/items/:id/quick-fix against the fake eBay's category rules. */
let fake: FakeEbay;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({
    ...fakeEbayEnv(fake),
  });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function readiness(user: TestUser, itemId: string): Promise<ReadinessResponse> {
  const response = await api(user, 'GET', `/api/items/${itemId}/readiness`);
  expect(response.statusCode).toBe(200);
  return readinessResponse.parse(response.json());
}

/** An AI-written item with one photo, a title and a description, but no category and no condition. */
async function writtenItem(user: TestUser) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await t.deps.database.db
    .update(items)
    .set({
      aiTitle: "Levi's 501 Men's Jeans 32x30 Blue",
      aiDescription: 'Classic straight-leg jeans in a mid blue wash, barely worn, no marks or holes.',
      aiSuggestedPriceMinor: 2450,
    })
    .where(eq(items.id, item.id));
  return item;
}

async function connectSeller(user: TestUser) {
  await connectFakeEbayAccount(t.app, user.cookie, { readyToPublish: true });
}

describe('GET /api/items/:id/readiness', () => {
  it('without eBay: the agreed errors and warnings, the checklist and the score, no pre-flight', async () => {
    const user = await t.makeUser();
    const item = await writtenItem(user);
    const answer = await readiness(user, item.id);
    expect(answer.errors).toEqual([
      readinessMessages.categoryRequired,
      readinessMessages.conditionRequired,
      ebayAccountMessages.notConnected,
      ebayAccountMessages.policiesMissing,
    ]);
    // Not connected: no promise that a first publish creates the location.
    expect(answer.warnings).toEqual([ebayAccountMessages.noLocationUnchecked]);
    expect(answer.checklist).toMatchObject({ hasTitle: true, hasDescription: true, hasImages: true, hasCategory: false, hasPrice: true });
    // mandatory 3 of 7 (x2) + optional 0 of 2 = 6 / 16
    expect(answer.score).toBe(38);
    expect(answer).toMatchObject({ isValid: false, canPublish: false, preflight: { checked: false, problems: [], unavailable: null } });
  });

  it('connected: Quick Fix of category, condition and each aspect eBay requires turns the item ready (score 100)', async () => {
    const user = await t.makeUser();
    const item = await writtenItem(user);
    await connectSeller(user);

    const before = await readiness(user, item.id);
    expect(before.errors).toEqual([readinessMessages.categoryRequired, readinessMessages.conditionRequired]);
    expect(before.preflight.checked).toBe(true);
    expect(before.preflight.problems.map((p) => p.field)).toEqual(['category']);
    expect(before.preflight.categorySuggestions.map((s) => s.id)).toContain('11483');
    // title, description, images, connection, policies (x2) + location = 11 / 16
    expect(before.score).toBe(69);

    expect((await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, { category: 'Mens Jeans', condition: 'good' })).statusCode).toBe(
      200,
    );
    const categorised = await readiness(user, item.id);
    expect(categorised.errors).toEqual([]);
    expect(categorised.isValid).toBe(true);
    expect(categorised.preflight.condition).toMatchObject({ id: 3000 });
    const missing = categorised.preflight.problems.map((p) => p.aspect?.name);
    // Department follows from "Mens Jeans"; eBay still needs the others, each with its values.
    expect(missing).toEqual(['Brand', 'Size', 'Size Type', 'Color']);
    expect(categorised.preflight.problems.find((p) => p.aspect?.name === 'Size Type')?.aspect?.allowedValues).toContain('Regular');
    expect(categorised.score).toBe(89);
    expect(categorised.canPublish).toBe(false);

    const fixed = await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, {
      aspects: { Brand: "Levi's", Size: '32', 'Size Type': 'Regular', Color: 'Blue', Pattern: 'Solid' },
    });
    expect(fixed.statusCode).toBe(200);
    const ready = await readiness(user, item.id);
    expect(ready).toMatchObject({ canPublish: true, score: 100, errors: [], warnings: [], preflight: { problems: [] } });
    const [row] = await t.deps.database.db.select().from(items).where(eq(items.id, item.id));
    expect(row).toMatchObject({
      category: 'Mens Jeans',
      condition: 'good',
      extractedBrand: "Levi's",
      extractedSize: '32',
      extractedSizeType: 'Regular',
      extractedColor: 'Blue',
      itemSpecificsJson: { Pattern: 'Solid' },
    });
    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ categoryId: '11483', conditionGrade: 'good' });
  });

  it('a value eBay does not list is named with the values it takes', async () => {
    const user = await t.makeUser();
    const item = await writtenItem(user);
    await connectSeller(user);
    await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, {
      category: 'Mens Jeans',
      condition: 'fair',
      aspects: { Brand: 'Lee', Size: 'Huge', 'Size Type': 'Regular', Color: 'Blue' },
    });
    const answer = await readiness(user, item.id);
    expect(answer.preflight.problems).toHaveLength(1);
    expect(answer.preflight.problems[0]?.message).toMatch(
      /^Size "Huge" is not one of eBay's sizes for this category: choose one of 28, 29, 30/,
    );
  });

  it('a SKU saved before SKUs were checked, which eBay refuses, keeps an otherwise ready item from publishing', async () => {
    const user = await t.makeUser();
    const item = await writtenItem(user);
    await connectSeller(user);
    await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, {
      category: 'Mens Jeans',
      condition: 'good',
      aspects: { Brand: "Levi's", Size: '32', 'Size Type': 'Regular', Color: 'Blue' },
    });
    await t.deps.database.db.update(items).set({ sku: 'PSTFSH 5!' }).where(eq(items.id, item.id));

    const answer = await readiness(user, item.id);
    expect(answer.preflight.problems).toEqual([
      { field: 'sku', message: 'SKU cannot contain spaces or "!". Use only letters, numbers, hyphens and underscores.' },
    ]);
    expect(answer.canPublish).toBe(false);
    expect(answer.score).toBeLessThan(90);
  });

  it('promises a location on first publish only when eBay gives the account’s address, else names it as an error', async () => {
    const ebayUserId = 'no-address-seller';
    // An individual account whose address eBay does not give (no postal code): no location can be made from it.
    fake.state.sellers.push({ userId: ebayUserId, username: 'no_address', address: { country: 'US' } });
    for (const [seller, expected] of [
      [undefined, { warnings: [ebayAccountMessages.noLocation], errors: [], locationOnFirstPublish: true }],
      [ebayUserId, { warnings: [], errors: [ebayAccountMessages.noLocationNoAddress], locationOnFirstPublish: false }],
    ] as const) {
      const user = await t.makeUser();
      const item = await writtenItem(user);
      await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId: seller });
      expect((await api(user, 'POST', '/api/ebay/policies', testSellerPolicies)).statusCode).toBe(200);
      const answer = await readiness(user, item.id);
      expect(answer.warnings).toEqual(expected.warnings);
      expect(answer.errors.filter((e) => e.includes('location'))).toEqual(expected.errors);
      expect(answer.checklist.hasLocation).toBe(false);
      // The connection card reads the same answer from the connection route.
      const connection = (await api(user, 'GET', '/api/ebay/connection')).json();
      expect(connection.locationOnFirstPublish).toBe(expected.locationOnFirstPublish);
    }
  });

  it('answers 404 for an unknown item', async () => {
    const user = await t.makeUser();
    const response = await api(user, 'GET', '/api/items/00000000-0000-4000-8000-000000000000/readiness');
    expect(response.statusCode).toBe(404);
  });
});

describe('PATCH /api/items/:id/quick-fix', () => {
  it('turns a written listing ready for Generate Listings and bulk publish once category and condition are fixed', async () => {
    const user = await t.makeUser();
    const item = await writtenItem(user);
    await t.deps.database.db
      .update(items)
      .set({ aiGenerationStatus: 'completed', listingReady: false, publishReadyScore: 0 })
      .where(eq(items.id, item.id));
    const stored = async () => (await t.deps.database.db.select().from(items).where(eq(items.id, item.id)))[0]!;

    await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, { category: 'Mens Jeans' });
    expect(await stored()).toMatchObject({ listingReady: false });
    const halfScore = (await stored()).publishReadyScore;
    expect(halfScore).toBeGreaterThan(0);

    expect((await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, { condition: 'good' })).statusCode).toBe(200);
    const fixed = await stored();
    expect(fixed.listingReady).toBe(true);
    expect(fixed.publishReadyScore).toBeGreaterThan(halfScore!);
  });

  it('refuses an aspect list too long, or a name or value too long, with a clear 400, and saves nothing', async () => {
    const user = await t.makeUser();
    const item = await writtenItem(user);
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`Aspect ${i}`, 'x']));
    const refused = [
      { aspects: many, message: 'aspects: Quick Fix takes at most 50 aspects at once' },
      { aspects: { ['N'.repeat(41)]: 'x' }, message: 'aspects: An aspect name is at most 40 characters' },
      { aspects: { Material: 'v'.repeat(51) }, message: 'aspects.Material: An aspect value is at most 50 characters' },
    ];
    for (const { aspects, message } of refused) {
      const response = await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, { category: 'Mens Jeans', aspects });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const [row] = await t.deps.database.db.select().from(items).where(eq(items.id, item.id));
    expect(row).toMatchObject({ category: null, itemSpecificsJson: null });
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`Aspect ${i}`, 'x']));
    expect((await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, { aspects: fifty })).statusCode).toBe(200);
  });

  it('leaves an item with no written listing not ready', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await api(user, 'PATCH', `/api/items/${item.id}/quick-fix`, { category: 'Mens Jeans', condition: 'good' });
    const [row] = await t.deps.database.db.select().from(items).where(eq(items.id, item.id));
    expect(row).toMatchObject({ listingReady: false, category: 'Mens Jeans', condition: 'good' });
  });
});
