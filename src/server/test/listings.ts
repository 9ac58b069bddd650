import { eq } from 'drizzle-orm';
import { money } from '@shared/domain/money';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { ListingGenerator } from '../adapters/ai/listing-generator';
import { composeServices } from '../compose';
import type { Db } from '../db/client';
import { items } from '../db/schema';
import type { Clock } from '../jobs/clock';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { makeJpeg } from './images';
import type { TestApp, TestUser } from './test-app';
import { createItem, createItemWithPhotos } from './uploads';

export const silentLog = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** A clock tests move by hand; sleeping moves it (virtual time), so waits cost nothing. */
export function manualClock(startMs = Date.parse('2026-01-01T12:00:00Z')): Clock & { advance(ms: number): void; set(ms: number): void } {
  let now = startMs;
  return {
    now: () => now,
    sleep: async (ms) => {
      if (ms > 0) now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    set: (ms) => {
      now = ms;
    },
  };
}

/** A draft item with `photos` small JPEGs stored through the real upload route. */
export async function itemWithPhotos(t: TestApp, user: TestUser, body: Record<string, unknown> = {}, photos = 2) {
  if (photos === 0) return createItem(t.app, user.cookie, { category: 'Mens Jeans', condition: 'good', brand: "Levi's", ...body });
  const jpeg = await makeJpeg(48, 48);
  const files = Array.from({ length: photos }, (_, i) => ({ name: `${i + 1}.jpg`, bytes: jpeg }));
  const { item } = await createItemWithPhotos(t.app, user.cookie, files, {
    category: 'Mens Jeans',
    condition: 'good',
    brand: "Levi's",
    ...body,
  });
  return item;
}

/** A worker pool over the real generate-listing handler, with the generator and clock the test chooses. */
export function generationPool(
  t: TestApp,
  generator: ListingGenerator,
  options: { clock?: Clock; leaseMs?: number; concurrency?: number; pollMs?: number; owner?: string } = {},
): WorkerPool {
  const { jobs: registry } = composeServices({ ...t.deps, listingGenerator: generator, log: silentLog }, { clock: options.clock });
  return createWorkerPool({
    db: t.deps.database.db,
    registry,
    log: silentLog,
    clock: options.clock,
    concurrency: options.concurrency ?? 1,
    leaseMs: options.leaseMs,
    pollMs: options.pollMs ?? 20,
    owner: options.owner,
  });
}

export async function requestGeneration(t: TestApp, user: TestUser, itemIds: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/listings/generate',
    payload: { itemIds },
    headers: { cookie: user.cookie },
  });
  if (response.statusCode !== 202) throw new Error(`generate failed: ${response.statusCode} ${response.body}`);
  return response.json() as { queued: string[]; alreadyQueued: string[] };
}

export async function getListing(t: TestApp, user: TestUser, itemId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/items/${itemId}/listing`, headers: { cookie: user.cookie } });
  return response.json();
}

/** Runs due jobs until none is left due (at most `max`). */
export async function drain(pool: WorkerPool, max = 50): Promise<number> {
  let ran = 0;
  while (ran < max && (await pool.runNext())) ran += 1;
  return ran;
}

/** The Publish to eBay form for the Levi's jeans the eBay tests publish (writeLeviJeansListing). */
export const leviJeansPublishForm = {
  price: money(3000),
  quantity: 1,
  condition: 'excellent',
  categoryId: '11483',
  sizeType: 'Regular',
  size: '32',
  brand: 'Levi',
  color: 'Blue',
};

/** A written listing eBay's rules accept, put on the item as the AI would have. */
export async function writeLeviJeansListing(db: Db, itemId: string) {
  await db
    .update(items)
    .set({
      aiTitle: "Levi's 501 Men's Jeans 32x30 Blue",
      aiDescription: 'Classic straight-leg jeans in a medium blue wash, light fading at the hems.',
      extractedDepartment: 'Men',
      condition: 'good',
    })
    .where(eq(items.id, itemId));
}
