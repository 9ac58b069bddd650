import { ebayCategoryOf } from '@shared/contracts/ebay-listing';
/**
 * The offline writer writes the title and description from the seller's facts. The size and
 * colour the seller set in Publish Settings reach the title on Regenerate, and a new-with-tags item is never
 * "Pre-Owned".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessMessages } from '@shared/domain/readiness';
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

const runGenerations = () => drain(generationPool(t, createBasicGenerator()));

describe('the offline writer on the seller’s facts', () => {
  it('titles a new-with-tags item with its brand and condition, and its description never says pre-owned', async () => {
    const item = await itemWithPhotos(t, user, { category: 'Mens Tops', condition: 'new_with_tags', brand: 'Nike' });
    await requestGeneration(t, user, [item.id]);
    await runGenerations();
    const listing = await getListing(t, user, item.id);
    expect(listing.aiTitle).toBe("Nike Men's Top New with Tags");
    expect(listing.aiDescription).not.toMatch(/pre-?owned/i);
  });

  it('puts the size and colour the seller set into the title on Regenerate, in the order buyers search', async () => {
    const item = await itemWithPhotos(t, user, { category: 'Mens Jeans', condition: 'good', brand: "Levi's" });
    await requestGeneration(t, user, [item.id]);
    await runGenerations();
    expect((await getListing(t, user, item.id)).aiTitle).toBe("Levi's Men's Jeans");
    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/items/${item.id}/publish-settings`,
      payload: { quantity: 1, size: '32x30', color: 'Blue', style: 'Bootcut' },
      headers: { cookie: user.cookie },
    });
    expect(settings.statusCode).toBe(200);
    const regenerate = await t.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/listing/regenerate`,
      headers: { cookie: user.cookie },
    });
    expect(regenerate.statusCode).toBe(202);
    await runGenerations();
    const listing = await getListing(t, user, item.id);
    expect(listing.aiTitle).toBe("Levi's Men's Jeans Bootcut Size 32x30 Blue");
    expect(listing.aiDescription).toMatch(/^Pre-owned: Levi's men's jeans\./);
    // A US seller (the default) reads "Color".
    expect(listing.aiDescription).toContain('Size 32x30. Color: Blue. Style: Bootcut.');
  });

  it('a brand the seller sets after the listing was written makes it out of date, and Regenerate puts it in the title', async () => {
    const item = await itemWithPhotos(t, user, { category: 'Mens Jeans', condition: 'good', brand: null });
    await requestGeneration(t, user, [item.id]);
    await runGenerations();
    expect((await getListing(t, user, item.id)).aiTitle).toBe("Men's Jeans");
    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/items/${item.id}/publish-settings`,
      payload: { quantity: 1, brand: "Levi's" },
      headers: { cookie: user.cookie },
    });
    expect(settings.statusCode).toBe(200);
    const readiness = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}/readiness`, headers: { cookie: user.cookie } });
    expect(readiness.json().errors).toContain(readinessMessages.outOfDate);
    expect((await getListing(t, user, item.id)).listingReady).toBe(false);

    await t.app.inject({ method: 'POST', url: `/api/items/${item.id}/listing/regenerate`, headers: { cookie: user.cookie } });
    await runGenerations();
    const listing = await getListing(t, user, item.id);
    expect(listing.aiTitle).toBe("Levi's Men's Jeans");
    const after = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}/readiness`, headers: { cookie: user.cookie } });
    expect(after.json().errors).not.toContain(readinessMessages.outOfDate);
  });
});

describe('one condition list', () => {
  it('Publish Settings takes a condition of the one list and keeps eBay’s grade for it', async () => {
    const item = await itemWithPhotos(t, user, { category: 'Mens Tops', condition: 'good', brand: 'Nike' });
    await requestGeneration(t, user, [item.id]);
    await runGenerations();
    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/items/${item.id}/publish-settings`,
      payload: { quantity: 1, condition: 'new_without_tags' },
      headers: { cookie: user.cookie },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const listing = await getListing(t, user, item.id);
    expect(ebayCategoryOf(listing).conditionGrade).toBe('like new');
    expect(listing.condition).toBe('good');
    const readiness = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}/readiness`, headers: { cookie: user.cookie } });
    expect(readiness.json().errors).not.toContain(readinessMessages.outOfDate);
  });
});
