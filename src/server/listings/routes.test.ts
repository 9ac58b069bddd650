import { ebayCategoryOf } from '@shared/contracts/ebay-listing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasicGenerator } from '../adapters/ai/basic-generator';
import { jobs } from '../db/schema';
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

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = user) =>
  t.app.inject({ method, url, payload: payload as never, headers: { cookie: who.cookie } });

async function completedItem(body: Record<string, unknown> = {}) {
  const item = await itemWithPhotos(t, user, body);
  await requestGeneration(t, user, [item.id]);
  await drain(generationPool(t, createBasicGenerator()));
  return item;
}

describe('POST /api/listings/generate', () => {
  it('queues at once (202) and does not queue an item twice', async () => {
    const a = await itemWithPhotos(t, user);
    const b = await itemWithPhotos(t, user);
    const first = await inject('POST', '/api/listings/generate', { itemIds: [a.id, b.id] });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ queued: [a.id, b.id], alreadyQueued: [], held: [] });
    const again = await inject('POST', '/api/listings/generate', { itemIds: [a.id] });
    expect(again.json()).toEqual({ queued: [], alreadyQueued: [a.id], held: [] });
    expect((await getListing(t, user, a.id)).generationQueued).toBe(true);
    await drain(generationPool(t, createBasicGenerator()));
    expect(await getListing(t, user, a.id)).toMatchObject({ aiGenerationStatus: 'completed', generationQueued: false });
  });

  it('saves the category, condition and brand sent with the request, and the generator writes from them', async () => {
    const a = await itemWithPhotos(t, user);
    const b = await itemWithPhotos(t, user);
    const sent = await inject('POST', '/api/listings/generate', {
      itemIds: [a.id],
      details: [
        { itemId: a.id, category: 'Mens Jeans', condition: 'excellent', brand: 'Wrangler' },
        { itemId: b.id, category: 'Shoes' }, // not asked to generate: left alone
      ],
    });
    expect(sent.statusCode).toBe(202);
    await drain(generationPool(t, createBasicGenerator()));
    const listing = await getListing(t, user, a.id);
    expect(listing).toMatchObject({ category: 'Mens Jeans', condition: 'excellent', brand: 'Wrangler', listingReady: true });
    expect(listing.aiTitle).toMatch(/^Wrangler Men's .*Jeans$/);
    expect(ebayCategoryOf(listing).conditionGrade).toBe('excellent');
    expect((await getListing(t, user, b.id)).category).not.toBe('Shoes');
  });

  it('refuses an empty list', async () => {
    const response = await inject('POST', '/api/listings/generate', { itemIds: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/listings', () => {
  it('lists the user’s items newest first, with evidence and the provider', async () => {
    const item = await completedItem({ brand: 'Carhartt' });
    const response = await inject('GET', '/api/listings');
    expect(response.statusCode).toBe(200);
    const [newest] = response.json().items;
    expect(newest).toMatchObject({ id: item.id, aiProvider: 'basic', extractedBrand: 'Carhartt', photoCount: 2 });
    expect(newest.aiEvidence.brand).toEqual({ source: 'seller', note: 'Entered by the seller' });
    expect(newest.thumbnailUrl).toMatch(/^\/api\/files\//);
  });
});

describe('PATCH /api/items/:id/listing', () => {
  it('saves title, description and tags and re-checks readiness', async () => {
    const item = await completedItem();
    const good = await inject('PATCH', `/api/items/${item.id}/listing`, {
      title: "Levi's 501 Jeans Men's 32x30",
      description: 'Classic straight-leg jeans in medium wash. Gently worn, no flaws worth noting. Measurements in photos.',
      tags: ['levis', '501'],
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      aiTitle: "Levi's 501 Jeans Men's 32x30",
      aiTags: ['levis', '501'],
      listingReady: true,
      publishReadyScore: 100,
    });
    const short = await inject('PATCH', `/api/items/${item.id}/listing`, { title: 'Jeans', description: 'Too short', tags: [] });
    expect(short.json()).toMatchObject({ aiTitle: 'Jeans', listingReady: false });
    expect(short.json().publishReadyScore).toBeLessThan(100);
  });

  it('refuses to edit a listing that was never generated', async () => {
    const item = await itemWithPhotos(t, user);
    const response = await inject('PATCH', `/api/items/${item.id}/listing`, { title: 'Some title here', description: '', tags: [] });
    expect(response.statusCode).toBe(409);
  });
});

describe('deleting listings', () => {
  it('DELETE /api/items/:id/listing clears the AI fields, status pending, listing_ready false; the item stays', async () => {
    const item = await completedItem();
    const response = await inject('DELETE', `/api/items/${item.id}/listing`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: item.id,
      sku: item.sku,
      aiTitle: null,
      aiDescription: null,
      aiTags: null,
      aiConditionNotes: null,
      aiGeneratedAt: null,
      aiSuggestedPrice: null,
      aiGenerationStatus: 'pending',
      listingReady: false,
      aiEvidence: null,
      photoCount: 2,
    });
  });

  it('POST /api/listings/delete resets many and cancels their waiting generations', async () => {
    const a = await completedItem();
    const b = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [b.id]);
    const response = await inject('POST', '/api/listings/delete', { itemIds: [a.id, b.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json().resetIds.sort()).toEqual([a.id, b.id].sort());
    const waiting = (await t.deps.database.db.select().from(jobs)).filter((j) => j.itemId === b.id);
    expect(waiting).toEqual([]);
  });
});

describe('POST /api/items/:id/listing/regenerate', () => {
  it('queues a new generation of a completed listing', async () => {
    const item = await completedItem();
    const response = await inject('POST', `/api/items/${item.id}/listing/regenerate`);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ queued: true });
    await drain(generationPool(t, createBasicGenerator()));
    expect((await getListing(t, user, item.id)).aiGenerationStatus).toBe('completed');
  });

  it('with the card’s category, condition and brand: saved first and written from, so the new listing is Ready, not out of date', async () => {
    const item = await completedItem({ category: null, condition: null, brand: null });
    expect(await getListing(t, user, item.id)).toMatchObject({ listingReady: false });
    // The condition's own save is still on its way as Regenerate is tapped: the request carries it.
    const response = await inject('POST', `/api/items/${item.id}/listing/regenerate`, {
      details: { category: 'Accessories', condition: 'good' },
    });
    expect(response.statusCode).toBe(202);
    expect(await getListing(t, user, item.id)).toMatchObject({ category: 'Accessories', condition: 'good' });
    await drain(generationPool(t, createBasicGenerator()));
    expect(await getListing(t, user, item.id)).toMatchObject({ aiGenerationStatus: 'completed', listingReady: true });
  });

  it('another seller’s item: 404, and nothing of it changes', async () => {
    const item = await completedItem();
    const other = await t.makeUser();
    const response = await inject('POST', `/api/items/${item.id}/listing/regenerate`, { details: { category: 'Shoes' } }, other);
    expect(response.statusCode).toBe(404);
    expect((await getListing(t, user, item.id)).category).not.toBe('Shoes');
  });
});
