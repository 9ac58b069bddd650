import { ebayCategoryOf } from '@shared/contracts/ebay-listing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeAiServer } from '../../../fakes/fake-ai-support';
import { startFakeOpenAi } from '../../../fakes/openai-server';
import { createBasicGenerator } from '../adapters/ai/basic-generator';
import type { ListingGenerator } from '../adapters/ai/listing-generator';
import { createOpenAiGenerator } from '../adapters/ai/openai-generator';
import { listingMessages } from '@shared/domain/listing';
import { items, jobs, providerPacing } from '../db/schema';
import { queueAutoGenerations } from './generation-job';
import { failOrphanedGenerations } from './repo';
import { drain, generationPool, getListing, itemWithPhotos, manualClock, requestGeneration } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

let t: TestApp;
let fake: FakeAiServer;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeOpenAi();
  user = await t.makeUser();
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(async () => {
  fake.setMode('good', { retryAfterSeconds: 5 });
  fake.setLatency(0);
  await db().delete(jobs); // each test sees only its own jobs
  await db().delete(providerPacing); // and a provider no earlier test's 429 holds back (the pacing is shared)
});

const openai = (timeoutMs?: number) => createOpenAiGenerator({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'gpt-fake', timeoutMs });
const db = () => t.deps.database.db;
const itemRow = async (id: string) => (await db().select().from(items).where(eq(items.id, id)))[0]!;
const jobsOf = (itemId: string) => db().select().from(jobs).where(eq(jobs.itemId, itemId));

describe('a generate-listing job', () => {
  it('writes every AI field, listing_ready, the score and the time, and leaves no job', async () => {
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    await drain(generationPool(t, openai()));
    const listing = await getListing(t, user, item.id);
    expect(listing).toMatchObject({
      aiGenerationStatus: 'completed',
      aiGenerationError: null,
      aiTitle: expect.stringContaining("Levi's"),
      aiTags: expect.arrayContaining(["levi's", 'jeans']),
      aiMeasurements: { waist: '16 in', inseam: '30 in', pitToPit: '21 in' },
      aiSuggestedPrice: { amountMinor: 3450, currency: 'USD' },
      extractedSize: '32',
      extractedMaterial: '100% Cotton',
      itemSpecificsJson: { 'Fit Type': 'Regular', Material: '100% Cotton', Pattern: 'Solid' },
      listingReady: true,
      publishReadyScore: 100,
      aiProvider: 'openai',
      generationQueued: false,
    });
    // eBay's category and grade are its listing's: the item's eBay entry carries them.
    expect(ebayCategoryOf(listing)).toMatchObject({ categoryId: '11483', conditionGrade: 'good' });
    expect(listing.aiEvidence.size).toEqual({ source: 'photo', photo: 1, note: 'Size tag inside the waistband' });
    expect(listing.aiGeneratedAt).not.toBeNull();
    expect(await jobsOf(item.id)).toEqual([]);
    expect(fake.requests.at(-1)).toMatchObject({ imageCount: 2, model: 'gpt-fake' });
  });

  it('is "generating" with the error cleared while the AI works', async () => {
    const item = await itemWithPhotos(t, user);
    await db().update(items).set({ aiGenerationStatus: 'failed', aiGenerationError: 'old error' }).where(eq(items.id, item.id));
    let seen: { status: string; error: string | null } | undefined;
    const watching: ListingGenerator = {
      ...openai(),
      provider: 'openai',
      rateLimitKey: null,
      async generate(request, options) {
        const row = await itemRow(item.id);
        seen = { status: row.aiGenerationStatus, error: row.aiGenerationError };
        return openai().generate(request, options);
      },
    };
    await requestGeneration(t, user, [item.id]);
    await drain(generationPool(t, watching));
    expect(seen).toEqual({ status: 'generating', error: null });
    expect((await itemRow(item.id)).aiGenerationStatus).toBe('completed');
  });

  it('fails malformed output with a clear message and writes no AI field', async () => {
    fake.setMode('malformed');
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    await drain(generationPool(t, openai()));
    const row = await itemRow(item.id);
    expect(row).toMatchObject({
      aiGenerationStatus: 'failed',
      aiGenerationError: 'The AI returned malformed JSON instead of a listing. Please try again.',
      aiTitle: null,
      aiDescription: null,
      aiSuggestedPriceMinor: null,
      extractedBrand: null,
      listingReady: false,
    });
    expect((await jobsOf(item.id))[0]).toMatchObject({ status: 'failed' });
  });

  it('fails a 500 with the provider’s message, without retrying it', async () => {
    fake.setMode('error');
    const item = await itemWithPhotos(t, user);
    const before = fake.requests.length;
    await requestGeneration(t, user, [item.id]);
    await drain(generationPool(t, openai()));
    expect(await itemRow(item.id)).toMatchObject({
      aiGenerationStatus: 'failed',
      aiGenerationError: expect.stringMatching(/^AI provider error: 500/),
    });
    expect(fake.requests.length - before).toBe(1);
  });

  it('fails a request past the time-out with "Request timed out after 2.5 minutes"', async () => {
    fake.setMode('hang');
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    await drain(generationPool(t, openai(200)));
    expect(await itemRow(item.id)).toMatchObject({
      aiGenerationStatus: 'failed',
      aiGenerationError: 'Request timed out after 2.5 minutes',
    });
  });

  it('on 429 waits the stated seconds + 2 as pending, at most 3 retries, then fails', async () => {
    fake.setMode('rate-limit', { retryAfterSeconds: 5 });
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    const clock = manualClock(Date.now() + 1000);
    const pool = generationPool(t, openai(), { clock });
    const before = fake.requests.length;

    for (let retry = 1; retry <= 3; retry++) {
      expect(await pool.runNext()).toBe(true);
      expect(await itemRow(item.id)).toMatchObject({ aiGenerationStatus: 'pending', aiGenerationError: 'Rate limit - retrying in 7s...' });
      const job = (await jobsOf(item.id))[0]!;
      expect(job).toMatchObject({ status: 'pending', payload: { rateLimitRetries: retry } });
      expect(job.runAfter.getTime()).toBe(clock.now() + 7000);
      clock.advance(6999);
      expect(await pool.runNext()).toBe(false); // not before the 7 s are up
      clock.advance(1);
    }
    expect(await pool.runNext()).toBe(true);
    expect(await itemRow(item.id)).toMatchObject({
      aiGenerationStatus: 'failed',
      aiGenerationError: 'Rate limit exceeded after 3 retries. Please try again later.',
    });
    expect(fake.requests.length - before).toBe(4); // the first try and 3 retries
  });

  it('without a Retry-After waits the default 60 + 2 seconds, then succeeds when the limit is gone', async () => {
    fake.setMode('rate-limit', { retryAfterSeconds: null });
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    const clock = manualClock(Date.now() + 1000);
    const pool = generationPool(t, openai(), { clock });
    await pool.runNext();
    expect(await itemRow(item.id)).toMatchObject({ aiGenerationStatus: 'pending', aiGenerationError: 'Rate limit - retrying in 62s...' });
    expect((await jobsOf(item.id))[0]!.runAfter.getTime()).toBe(clock.now() + 62_000);
    fake.setMode('good');
    clock.advance(62_000);
    expect(await pool.runNext()).toBe(true);
    expect(await itemRow(item.id)).toMatchObject({ aiGenerationStatus: 'completed', aiGenerationError: null });
  });

  it('is taken over and completed after the lease when its worker dies mid-generation', async () => {
    fake.setMode('hang');
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    const doomed = generationPool(t, openai(), { leaseMs: 600 });
    const running = doomed.runNext();
    await waitFor(async () => (await itemRow(item.id)).aiGenerationStatus === 'generating' && fake.requests.at(-1)?.mode === 'hang');
    doomed.kill(); // the process "dies": no heartbeat, no settling
    await running;
    fake.setMode('good');

    const clock = manualClock(Date.now());
    const rescuer = generationPool(t, openai(), { leaseMs: 600, clock });
    expect(await rescuer.runNext()).toBe(false); // the dead worker's lease still holds
    expect((await itemRow(item.id)).aiGenerationStatus).toBe('generating');
    clock.advance(650);
    expect(await rescuer.runNext()).toBe(true);
    expect(await itemRow(item.id)).toMatchObject({ aiGenerationStatus: 'completed', aiGenerationError: null });
    expect(await jobsOf(item.id)).toEqual([]);
  });

  it('is retried at once, not after the lease, when the server that ran it restarts under its worker identity', async () => {
    fake.setMode('hang');
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    const doomed = generationPool(t, openai(), { owner: 'server-a' }); // the default 60 s lease
    const running = doomed.runNext();
    await waitFor(async () => (await itemRow(item.id)).aiGenerationStatus === 'generating' && fake.requests.at(-1)?.mode === 'hang');
    doomed.kill();
    await running;
    fake.setMode('good');

    const otherServer = generationPool(t, openai(), { owner: 'server-b' });
    await otherServer.start(); // another identity leaves server-a's lease alone
    await otherServer.stop();
    expect((await jobsOf(item.id))[0]).toMatchObject({ status: 'running', leaseOwner: 'server-a' });
    expect((await itemRow(item.id)).aiGenerationStatus).toBe('generating');

    const restarted = generationPool(t, openai(), { owner: 'server-a' });
    await restarted.start();
    await waitFor(async () => (await itemRow(item.id)).aiGenerationStatus === 'completed');
    await restarted.stop();
    expect(await jobsOf(item.id)).toEqual([]);
  });

  it('writes nothing when the listing is deleted while the AI works', async () => {
    fake.setMode('good');
    fake.setLatency(300);
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    const running = generationPool(t, openai()).runNext();
    await waitFor(async () => (await itemRow(item.id)).aiGenerationStatus === 'generating');
    const reset = await t.app.inject({ method: 'DELETE', url: `/api/items/${item.id}/listing`, headers: { cookie: user.cookie } });
    expect(reset.statusCode).toBe(200);
    await running;
    expect(await itemRow(item.id)).toMatchObject({ aiGenerationStatus: 'pending', aiTitle: null, listingReady: false });
  });

  it('ends quietly when the item was deleted before a worker got to it', async () => {
    const item = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [item.id]);
    await t.app.inject({ method: 'DELETE', url: `/api/items/${item.id}`, headers: { cookie: user.cookie } });
    expect(await drain(generationPool(t, openai()))).toBe(0); // its job went with it (cascade)
  });

  it('with the basic provider, drafts a listing with no AI server at all', async () => {
    const item = await itemWithPhotos(t, user, { brand: 'Patagonia', category: 'Mens Outerwear' });
    await requestGeneration(t, user, [item.id]);
    await drain(generationPool(t, createBasicGenerator()));
    const listing = await getListing(t, user, item.id);
    expect(listing).toMatchObject({
      aiGenerationStatus: 'completed',
      aiProvider: 'basic',
      extractedBrand: 'Patagonia',
      extractedSize: null,
      aiMeasurements: {},
    });
    expect(listing.aiTitle).toMatch(/^Patagonia Men's .*Jacket$/);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met in time');
}

describe('the orphan sweep', () => {
  it('fails items left generating without a job, and leaves those whose job still runs', async () => {
    const orphan = await itemWithPhotos(t, user);
    const working = await itemWithPhotos(t, user);
    await requestGeneration(t, user, [working.id]);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    for (const id of [orphan.id, working.id]) {
      await db().update(items).set({ aiGenerationStatus: 'generating', updatedAt: longAgo }).where(eq(items.id, id));
    }
    expect(await failOrphanedGenerations(db(), listingMessages.interrupted)).toBe(1);
    expect(await itemRow(orphan.id)).toMatchObject({
      aiGenerationStatus: 'failed',
      aiGenerationError: 'Generation was interrupted. Please try again.',
    });
    expect((await itemRow(working.id)).aiGenerationStatus).toBe('generating');
  });
});

describe('background generation of camera batches', () => {
  it('queues items with auto_generate_listing once their uploads settled, once, and never after the listing was deleted', async () => {
    const auto = await itemWithPhotos(t, user, { autoGenerateListing: true });
    const manual = await itemWithPhotos(t, user);
    const settled = new Date(Date.now() - 60_000);
    await db().update(items).set({ updatedAt: settled }).where(eq(items.id, manual.id));
    expect((await queueAutoGenerations(db())).queued).toEqual([]); // the auto item's upload is too recent
    await db().update(items).set({ updatedAt: settled }).where(eq(items.id, auto.id));
    expect((await queueAutoGenerations(db())).queued).toEqual([auto.id]);
    expect((await queueAutoGenerations(db())).queued).toEqual([]);
    await drain(generationPool(t, createBasicGenerator()));
    expect((await itemRow(auto.id)).aiGenerationStatus).toBe('completed');

    await t.app.inject({ method: 'DELETE', url: `/api/items/${auto.id}/listing`, headers: { cookie: user.cookie } });
    await db().update(items).set({ updatedAt: settled }).where(eq(items.id, auto.id));
    expect((await queueAutoGenerations(db())).queued).toEqual([]);
    expect((await itemRow(auto.id)).autoGenerateListing).toBe(false);
  });
});
