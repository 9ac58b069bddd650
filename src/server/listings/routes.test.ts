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
    expect(first.json()).toEqual({ queued: [a.id, b.id], alreadyQueued: [] });
    const again = await inject('POST', '/api/listings/generate', { itemIds: [a.id] });
    expect(again.json()).toEqual({ queued: [], alreadyQueued: [a.id] });
    expect((await getListing(t, user, a.id)).generationQueued).toBe(true);
    await drain(generationPool(t, createBasicGenerator()));
    expect(await getListing(t, user, a.id)).toMatchObject({ aiGenerationStatus: 'completed', generationQueued: false });
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
    expect(newest.aiEvidence.brand).toEqual({ source: 'inferred', note: 'Entered by the seller' });
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
    expect(good.json()).toMatchObject({ aiTitle: "Levi's 501 Jeans Men's 32x30", aiTags: ['levis', '501'], listingReady: true, publishReadyScore: 100 });
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
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: true });
    await drain(generationPool(t, createBasicGenerator()));
    expect((await getListing(t, user, item.id)).aiGenerationStatus).toBe('completed');
  });
});

describe('GET /api/events', () => {
  it('streams the signed-in user’s status changes, and only theirs', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const other = await t.makeUser();
    const mine = await openEvents(address, user.cookie);
    const theirs = await openEvents(address, other.cookie);
    try {
      const item = await itemWithPhotos(t, user);
      await requestGeneration(t, user, [item.id]);
      await drain(generationPool(t, createBasicGenerator()));
      const events = await mine.until((list) => list.some((e) => e.id === item.id && e.aiGenerationStatus === 'completed'));
      expect(events.filter((e) => e.id === item.id).at(-1)).toMatchObject({ aiGenerationStatus: 'completed', listingReady: true, aiGenerationError: null });
      await new Promise((r) => setTimeout(r, 1200));
      expect(theirs.events.filter((e) => e.id === item.id)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });
});

interface StatusEvent {
  id: string;
  aiGenerationStatus: string;
  aiGenerationError: string | null;
  listingReady: boolean;
}

async function openEvents(base: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers: { cookie }, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: StatusEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: item')) events.push(JSON.parse(block.split('\ndata: ')[1]!));
      }
    }
  })();
  return {
    events,
    async until(check: (list: StatusEvent[]) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!check(events) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (!check(events)) throw new Error(`events never matched: ${JSON.stringify(events)}`);
      return events;
    },
    close() {
      abort.abort();
      void reading;
    },
  };
}
