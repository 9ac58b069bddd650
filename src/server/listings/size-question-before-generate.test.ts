import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listingsRoutes, type GenerateListingsResponse, type HeldListingsResponse } from '@shared/contracts/listings';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import type { FakeAiServer } from '../../../fakes/fake-ai-support';
import { startFakeOpenAi } from '../../../fakes/openai-server';
import { createOpenAiGenerator } from '../adapters/ai/openai-generator';
import { sizeQuestionMessages } from '../channels/ebay/publish/size-question';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { composeServices } from '../compose';
import { items, jobs, writingHolds } from '../db/schema';
import { systemClock } from '../jobs/clock';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { connectFakeEbayAccount, fakeEbayEnv } from '../test/fake-ebay-seller';
import { drain, itemWithPhotos, silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * Decision 113: the Generate button holds an item whose size eBay's category takes none of, with eBay's
 * values, before any AI call (the real OpenAI adapter against the fake AI, whose requests are counted); the other
 * items are written at once; once the seller picks eBay's size, the held one is written with it.
 */
let fake: FakeEbay;
let ai: FakeAiServer;
let t: TestApp;
let pool: WorkerPool;
let services: ReturnType<typeof composeServices>;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  ai = await startFakeOpenAi();
  t = await createTestApp({ ...fakeEbayEnv(fake) });
  const generator = createOpenAiGenerator({ apiKey: ai.apiKey, baseUrl: ai.url, model: 'gpt-fake', timeoutMs: 5000 });
  services = composeServices({ ...t.deps, listingGenerator: generator, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config) });
  pool = createWorkerPool({ db: t.deps.database.db, registry: services.jobs, log: silentLog, concurrency: 1, pollMs: 20 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await ai?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

let sellers = 0;
async function seller(): Promise<TestUser> {
  sellers += 1;
  const ebayUserId = `sizegenerate${sellers}immutable`;
  fake.state.sellers.push({ userId: ebayUserId, username: `size_generate_seller_${sellers}` });
  const user = await t.makeUser();
  await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId, readyToPublish: true });
  return user;
}

const inject = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function generate(user: TestUser, itemIds: string[]): Promise<GenerateListingsResponse> {
  const answer = await inject(user, 'POST', listingsRoutes.generate, { itemIds });
  expect(answer.statusCode, answer.body).toBe(202);
  return answer.json();
}

const generationJobsOf = async (itemId: string) =>
  (await t.deps.database.db.select().from(jobs).where(eq(jobs.kind, 'generate-listing'))).filter((j) => j.subjectId === itemId);

describe('Generate holds a size eBay does not take', () => {
  it('asks with eBay’s sizes and spends no AI request until answered; the others are written at once', async () => {
    const user = await seller();
    const jeans = await itemWithPhotos(t, user, { size: 'W32 L30 slim', brand: "Levi's fake-size:W32/L30" }, 1);
    const other = await itemWithPhotos(t, user, { size: '32' }, 1);
    const requestsBefore = ai.requests.length;

    const first = await generate(user, [jeans.id, other.id]);
    expect(first.queued).toEqual([other.id]);
    expect(first.held).toHaveLength(1);
    expect(first.held[0]?.itemId).toBe(jeans.id);
    expect(first.held[0]?.questions).toHaveLength(1);
    expect(first.held[0]?.questions[0]).toMatchObject({
      code: 'value',
      channel: 'ebay',
      message: sizeQuestionMessages.size('Jeans', 'W32 L30 slim'),
      aspect: { name: 'Size' },
    });
    expect(first.held[0]?.questions[0]?.aspect?.allowedValues).toEqual(expect.arrayContaining(['32x30', '32', '34x32']));
    await drain(pool);
    expect(ai.requests.length).toBe(requestsBefore + 1); // the other one only
    expect(await generationJobsOf(jeans.id)).toEqual([]);

    // Asked again without an answer: held again, still no AI request.
    expect((await generate(user, [jeans.id])).held.map((h) => h.itemId)).toEqual([jeans.id]);
    await drain(pool);
    expect(ai.requests.length).toBe(requestsBefore + 1);

    // The seller picks eBay's 32x30 (the Quick Fix the review uses): written once, with it in the title.
    const fix = await inject(user, 'PATCH', `/api/items/${jeans.id}/quick-fix`, { aspects: { Size: '32x30' } });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(await generate(user, [jeans.id])).toEqual({ queued: [jeans.id], alreadyQueued: [], held: [] });
    await drain(pool);
    expect(ai.requests.length).toBe(requestsBefore + 2);
    const written = (await inject(user, 'GET', `/api/items/${jeans.id}`)).json() as {
      aiTitle: string;
      extractedSize: string;
      aiGenerationStatus: string;
    };
    expect(written).toMatchObject({ aiGenerationStatus: 'completed', extractedSize: '32x30' });
    // The AI read W32/L30 on the label: the title says the size the seller chose.
    expect(written.aiTitle).toContain('32x30');
    expect(written.aiTitle).not.toContain('W32');
  });

  it('another seller’s item answers 404 and nothing is asked or written', async () => {
    const owner = await seller();
    const jeans = await itemWithPhotos(t, owner, { size: 'W32 L30 slim' }, 1);
    const stranger = await seller();
    const requestsBefore = ai.requests.length;
    const answer = await inject(stranger, 'POST', listingsRoutes.generate, { itemIds: [jeans.id] });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.code).toBe('NOT_FOUND');
    await drain(pool);
    expect(ai.requests.length).toBe(requestsBefore);
    expect(await generationJobsOf(jeans.id)).toEqual([]);
  });
});

const heldOf = async (user: TestUser): Promise<HeldListingsResponse['held']> => {
  const answer = await inject(user, 'GET', listingsRoutes.held);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as HeldListingsResponse).held;
};
const holdRowsOf = (itemId: string) => t.deps.database.db.select().from(writingHolds).where(eq(writingHolds.itemId, itemId));

describe('the hold is kept (decision 116)', () => {
  it('survives until the seller answers: listed with eBay’s question, to its owner only; answered and generated, it ends', async () => {
    const user = await seller();
    const jeans = await itemWithPhotos(t, user, { size: 'W32 L30 slim', brand: "Levi's fake-size:W32/L30" }, 1);
    const other = await itemWithPhotos(t, user, { size: '32' }, 1);
    const requestsBefore = ai.requests.length;
    await generate(user, [jeans.id, other.id]);
    await drain(pool);

    // A reload of Generate Listings reads the hold: the jeans, asked again, with eBay's sizes.
    const held = await heldOf(user);
    expect(held.map((h) => h.itemId)).toEqual([jeans.id]);
    expect(held[0]?.questions[0]).toMatchObject({ code: 'value', message: sizeQuestionMessages.size('Jeans', 'W32 L30 slim') });
    expect(held[0]?.questions[0]?.aspect?.allowedValues).toContain('32x30');

    // Another seller sees none of it and cannot answer or generate it.
    const stranger = await seller();
    expect(await heldOf(stranger)).toEqual([]);
    const foreignFix = await inject(stranger, 'PATCH', `/api/items/${jeans.id}/quick-fix`, { aspects: { Size: '32x30' } });
    expect(foreignFix.statusCode).toBe(404);
    expect((await inject(stranger, 'POST', listingsRoutes.generate, { itemIds: [jeans.id] })).statusCode).toBe(404);
    expect(await holdRowsOf(jeans.id)).toHaveLength(1);

    // The seller's answer (the held card's Quick Fix), then Generate: written once, and no longer held.
    const fix = await inject(user, 'PATCH', `/api/items/${jeans.id}/quick-fix`, { aspects: { Size: '32x30' } });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(await generate(user, [jeans.id])).toEqual({ queued: [jeans.id], alreadyQueued: [], held: [] });
    expect(await holdRowsOf(jeans.id)).toEqual([]);
    await drain(pool);
    expect(ai.requests.length).toBe(requestsBefore + 2);
    expect(await heldOf(user)).toEqual([]);
  });

  it('is asked again when shown: a size eBay now takes ends it; a deleted item takes its hold with it', async () => {
    const user = await seller();
    const answered = await itemWithPhotos(t, user, { size: 'Small-ish' }, 1);
    const deleted = await itemWithPhotos(t, user, { size: 'W30 L30 slim' }, 1);
    const first = await generate(user, [answered.id, deleted.id]);
    expect(first.held.map((h) => h.itemId).sort()).toEqual([answered.id, deleted.id].sort());

    // The size is set to one of eBay's elsewhere (the eBay screen's Quick Fix): nothing is left to ask when shown.
    const fix = await inject(user, 'PATCH', `/api/items/${answered.id}/quick-fix`, { aspects: { Size: '32x30' } });
    expect(fix.statusCode, fix.body).toBe(200);
    expect((await heldOf(user)).map((h) => h.itemId)).toEqual([deleted.id]);
    expect(await holdRowsOf(answered.id)).toEqual([]);

    expect((await inject(user, 'DELETE', `/api/items/${deleted.id}`)).statusCode).toBeLessThan(300);
    expect(await holdRowsOf(deleted.id)).toEqual([]);
    expect(await heldOf(user)).toEqual([]);
  });

  it('the camera batches’ background generation holds the item with eBay’s question and spends no AI request', async () => {
    const user = await seller();
    const jeans = await itemWithPhotos(t, user, { size: 'W32 L30 slim', autoGenerateListing: true }, 1);
    const fine = await itemWithPhotos(t, user, { size: '32', autoGenerateListing: true }, 1);
    const settled = new Date(Date.now() - 60_000);
    await t.deps.database.db.update(items).set({ updatedAt: settled }).where(eq(items.userId, user.id));
    const requestsBefore = ai.requests.length;

    const sweep = services.jobs.scheduledTasks().find((task) => task.name === 'queue camera batch generations');
    await sweep!.run({ clock: systemClock, log: silentLog });
    await drain(pool);
    expect(ai.requests.length).toBe(requestsBefore + 1); // the pair whose 32 is eBay's
    expect(await generationJobsOf(jeans.id)).toEqual([]);
    const written = (await inject(user, 'GET', `/api/items/${fine.id}`)).json() as { aiGenerationStatus: string };
    expect(written.aiGenerationStatus).toBe('completed');

    // Held, it is shown on Generate Listings, and the next sweeps leave it alone.
    const held = await heldOf(user);
    expect(held.map((h) => h.itemId)).toEqual([jeans.id]);
    expect(held[0]?.questions[0]?.message).toBe(sizeQuestionMessages.size('Jeans', 'W32 L30 slim'));
    await sweep!.run({ clock: systemClock, log: silentLog });
    await drain(pool);
    expect(ai.requests.length).toBe(requestsBefore + 1);
    expect(await generationJobsOf(jeans.id)).toEqual([]);
  });
});
