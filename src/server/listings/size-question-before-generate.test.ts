import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listingsRoutes, type GenerateListingsResponse } from '@shared/contracts/listings';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import type { FakeAiServer } from '../../../fakes/fake-ai-support';
import { startFakeOpenAi } from '../../../fakes/openai-server';
import { createOpenAiGenerator } from '../adapters/ai/openai-generator';
import { sizeQuestionMessages } from '../channels/ebay/publish/size-question';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { composeServices } from '../compose';
import { jobs } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { connectFakeEbayAccount, fakeEbayEnv } from '../test/fake-ebay-seller';
import { drain, itemWithPhotos, silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * Issue 46 (decision 113): the Generate button holds an item whose size eBay's category takes none of, with eBay's
 * values, before any AI call (the real OpenAI adapter against the fake AI, whose requests are counted); the other
 * items are written at once; once the seller picks eBay's size, the held one is written with it.
 */
let fake: FakeEbay;
let ai: FakeAiServer;
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  ai = await startFakeOpenAi();
  t = await createTestApp({ ...fakeEbayEnv(fake) });
  const generator = createOpenAiGenerator({ apiKey: ai.apiKey, baseUrl: ai.url, model: 'gpt-fake', timeoutMs: 5000 });
  const services = composeServices({ ...t.deps, listingGenerator: generator, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config) });
  pool = createWorkerPool({ db: t.deps.database.db, registry: services.jobs, log: silentLog, concurrency: 1, pollMs: 20 });
}, 120_000);
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

const inject = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
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
