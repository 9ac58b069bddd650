import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { money } from '@shared/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { listingSubject } from '../jobs/job-subject';
import { createJobRegistry } from '../jobs/registry';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { ebayListingRow, seedEbayListing } from '../test/ebay-listings';
import { drain, manualClock, silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import type { Marketplace, PublishFailure } from './marketplace';
import { publishListingJob, publishMessages } from './publish-job';

/**
 * The publish job knows marketplaces only through the Marketplace interface: what their publish throws is classified
 * by the marketplace itself, and the job waits, retries or fails the channel's listing row in the marketplace's name.
 */
let t: TestApp;
let user: TestUser;
let pool: WorkerPool;
const clock = manualClock(Date.now() + 60_000);
/** What the marketplace's next publishes do, in order; then they succeed. */
const script: PublishFailure[] = [];
const published: string[] = [];

const market: Marketplace = {
  channel: 'ebay',
  name: 'Test Market',
  connect: async () => ({ url: 'https://market.example/consent' }),
  preflight: async () => ({ checked: false, unavailable: null, problems: [], categorySuggestions: [], condition: null }),
  requestPublish: async () => ({ queued: [], alreadyQueued: [], refused: [] }),
  async publish(_userId, itemId) {
    const failure = script.shift();
    if (failure) throw Object.assign(new Error('scripted'), { failure });
    published.push(itemId);
    return { listingId: '1', listingUrl: 'https://market.example/1' };
  },
  revise: async () => null,
  withdraw: async () => false,
  relist: async () => null,
  end: async () => ({ ended: [], refused: [] }),
  publishFailureOf: (error) => (error as { failure?: PublishFailure }).failure ?? { kind: 'unexpected' },
  pullSales: async () => [],
  itemsOfListings: async () => new Map(),
  feesOf: async () => [],
  orderUrl: () => null,
  sellersWithSales: async () => [],
};

beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
  const registry = createJobRegistry({
    'generate-listing': { maxAttempts: 1, run: async () => undefined },
    'publish-listing': publishListingJob(t.deps.database.db, {
      ebay: market,
      etsy: { ...market, channel: 'etsy' },
      shopify: { ...market, channel: 'shopify' },
      depop: { ...market, channel: 'depop' },
    }),
    'pull-sales': { maxAttempts: 1, run: async () => undefined },
    'end-sold-elsewhere': { maxAttempts: 1, run: async () => undefined },
    'delist-push': { maxAttempts: 1, run: async () => undefined },
    'apply-selling-plan': { maxAttempts: 1, run: async () => undefined },
    'revise-listing': { maxAttempts: 1, run: async () => undefined },
    'end-listing': { maxAttempts: 1, run: async () => undefined },
    'relist-listing': { maxAttempts: 1, run: async () => undefined },
    'import-listings': { maxAttempts: 1, run: async () => undefined },
    'import-past-sales': { maxAttempts: 1, run: async () => undefined },
    'import-past-sales-file': { maxAttempts: 1, run: async () => undefined },
    'autopilot-step': { maxAttempts: 1, run: async () => undefined },
  });
  pool = createWorkerPool({ db: t.deps.database.db, registry, log: silentLog, concurrency: 1, clock, pollMs: 20 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

async function publishing() {
  const response = await t.app.inject({ method: 'POST', url: '/api/items', payload: {}, headers: { cookie: user.cookie } });
  const item = response.json() as { id: string };
  await seedEbayListing(t.deps.database.db, { userId: user.id, itemId: item.id, publishStatus: 'publishing', price: money(1000) });
  await enqueue(t.deps.database.db, 'publish-listing', { userId: user.id, subject: listingSubject(item.id, 'ebay') });
  return item.id;
}
const jobOf = async (itemId: string) => (await t.deps.database.db.select().from(jobs).where(eq(jobs.itemId, itemId)))[0];

describe('the publish job over a marketplace', () => {
  it('waits while the marketplace is busy, saying so in its name, then publishes', async () => {
    const itemId = await publishing();
    script.push({ kind: 'busy', seconds: 7, message: 'never shown' });
    await drain(pool);
    expect(await jobOf(itemId)).toMatchObject({ status: 'pending', lastError: publishMessages.busy('Test Market', 7) });
    expect(publishMessages.busy('Test Market', 7)).toBe('Test Market is busy - retrying in 7s...');
    clock.advance(8_000);
    await drain(pool);
    expect(published).toContain(itemId);
    expect(await jobOf(itemId)).toBeUndefined();
  });

  it('a refusal fails the listing with the marketplace’s words; no retry', async () => {
    const itemId = await publishing();
    script.push({ kind: 'refused', message: 'Choose a more specific category.' });
    await drain(pool);
    expect(await ebayListingRow(t.deps.database.db, itemId)).toMatchObject({
      publishStatus: 'failed',
      publishError: 'Choose a more specific category.',
    });
    expect(await jobOf(itemId)).toMatchObject({ status: 'failed' });
    expect(published).not.toContain(itemId);
  });

  it('no answer at all: retried three times, then failed in the marketplace’s name', async () => {
    const itemId = await publishing();
    script.push(...Array.from({ length: 4 }, () => ({ kind: 'unreachable' as const })));
    for (let step = 0; step < 5; step++) {
      await drain(pool);
      clock.advance(60_000);
    }
    expect(await ebayListingRow(t.deps.database.db, itemId)).toMatchObject({
      publishStatus: 'failed',
      publishError: 'Test Market cannot be reached right now, so nothing was published. Please try again in a few minutes.',
    });
    expect(published).not.toContain(itemId);
  });
});
