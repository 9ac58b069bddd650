import { paced } from '@shared/testing/pace';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { composeServices, type Services } from '../compose';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { ebayListingRow } from './ebay-listings';
import { connectFakeEbayAccount, fakeEbayEnv } from './fake-ebay-seller';
import { makeJpeg } from './images';
import { drain, leviJeansPublishForm, silentLog, writeLeviJeansListing } from './listings';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { createItemWithPhotos } from './uploads';

export interface FakeEbaySales {
  readonly fake: FakeEbay;
  readonly t: TestApp;
  readonly services: Services;
  readonly pool: WorkerPool;
  /**
   * A signed-in seller connected to a new eBay user of the fake, ready to publish; given `ebayUserId`, to that eBay
   * user instead (two sellers of the app on one eBay account).
   */
  connectedSeller(ebayUserId?: string): Promise<TestUser & { ebayUserId: string }>;
  /** An item published to the fake through the route and the job: its id and the SKU it wrote on eBay. */
  publishedItem(user: TestUser, quantity?: number): Promise<{ itemId: string; ebaySku: string }>;
}

/**
 * The setup of the sales suites, registered as the file's hooks: an app on the fake eBay with every service
 * and one worker, the fake reset before each test and its contract checked after. `name` keeps each file's eBay users
 * apart.
 */
export function useFakeEbaySales(name: string, env: Record<string, string> = {}): FakeEbaySales {
  let fake: FakeEbay;
  let t: TestApp;
  let services: Services;
  let pool: WorkerPool;
  let ebayUsers = 0;

  beforeAll(async () => {
    fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
    t = await createTestApp({ ...fakeEbayEnv(fake), ...env });
    // The fake's challenge of the app's https destination is answered by this app in-process (the TLS proxy's part);
    // its pushes reach nothing here: the tests deliver them by hand.
    fake.state.notifications.reach = async (url, init) => {
      if (init.method !== 'GET') return { status: 0, text: '' };
      const { pathname, search } = new URL(url);
      const answer = await t.app.inject({ method: 'GET', url: pathname + search });
      return { status: answer.statusCode, text: answer.body };
    };
    services = composeServices({ ...t.deps, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config), push: t.deps.config.push });
    pool = createWorkerPool({ db: t.deps.database.db, registry: services.jobs, log: silentLog, concurrency: 1 });
  }, paced(120_000));
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());
  afterEach(() => {
    expect(fake.contractViolations).toEqual([]);
  });

  return {
    get fake() {
      return fake;
    },
    get t() {
      return t;
    },
    get services() {
      return services;
    },
    get pool() {
      return pool;
    },
    async connectedSeller(shared?: string) {
      ebayUsers += 1;
      const ebayUserId = shared ?? `${name}test${ebayUsers}immutable`;
      if (!shared) fake.state.sellers.push({ userId: ebayUserId, username: `${name}_seller_${ebayUsers}` });
      const user = await t.makeUser();
      await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId, readyToPublish: true });
      return { ...user, ebayUserId };
    },
    async publishedItem(user, quantity = 1) {
      const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
      await writeLeviJeansListing(t.deps.database.db, item.id);
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/items/${item.id}/publish`,
        payload: { ...leviJeansPublishForm, quantity },
        headers: { cookie: user.cookie },
      });
      expect(answer.statusCode, answer.body).toBe(202);
      await drain(pool);
      const listing = await ebayListingRow(t.deps.database.db, item.id);
      expect(listing).toMatchObject({ publishStatus: 'published' });
      return { itemId: item.id, ebaySku: listing!.ebaySku! };
    },
  };
}
