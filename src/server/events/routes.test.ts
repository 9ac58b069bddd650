import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasicGenerator } from '../adapters/ai/basic-generator';
import { openEventStream } from '../test/event-stream';
import { drain, generationPool, itemWithPhotos, requestGeneration } from '../test/listings';
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
