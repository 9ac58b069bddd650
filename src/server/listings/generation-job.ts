import { listingMessages } from '@shared/domain/listing';
import type { Db } from '../db/client';
import { itemSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import { GENERATION_MAX_ATTEMPTS, type ListingGeneration } from './generation';
import * as repo from './repo';

/** How often camera batches with background generation are looked for. */
const AUTO_GENERATE_MS = 5000;
const ORPHAN_SWEEP_MS = 60_000;

/**
 * The generate-listing job kind: an AI writes one item's listing (generation.ts holds the rules). Its scheduled
 * tasks queue the background generation of phone camera batches and fail items left "generating" without a job.
 */
export function generateListingJob(
  db: Db,
  generation: ListingGeneration,
  /** After each run (written, failed or to be retried): the autopilot takes a written listing on at once. */
  afterRun: (userId: string, itemId: string) => Promise<void> = async () => undefined,
): JobHandler<'generate-listing'> {
  return {
    maxAttempts: GENERATION_MAX_ATTEMPTS,
    async run(job, ctx) {
      await generation.run(job, ctx);
      await afterRun(job.userId, job.subject.itemId);
    },
    async onGiveUp(job, reason) {
      await generation.giveUp(job, reason);
      await afterRun(job.userId, job.subject.itemId);
    },
    scheduled: [
      {
        name: 'queue camera batch generations',
        everyMs: AUTO_GENERATE_MS,
        async run({ log }) {
          const queued = await queueAutoGenerations(db);
          if (queued.length) log.info({ queued: queued.length }, 'background listing generation queued for camera batches');
        },
      },
      {
        name: 'fail orphaned generations',
        everyMs: ORPHAN_SWEEP_MS,
        async run({ log }) {
          const orphans = await repo.failOrphanedGenerations(db, listingMessages.interrupted);
          if (orphans) log.warn({ orphans }, 'items left generating without a job were marked failed');
        },
      },
    ],
  };
}

/**
 * Queues the generation of camera-batch items (auto_generate_listing) that have photos, no listing yet and never a
 * job, once their uploads settled. One process at a time (advisory lock), so an item is never queued twice.
 */
export async function queueAutoGenerations(db: Db, limit = 100): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (!(await repo.tryAutoGenerateLock(tx))) return [];
    const queued: string[] = [];
    for (const item of await repo.autoGenerateCandidates(tx, limit)) {
      if (await enqueue(tx, 'generate-listing', { userId: item.userId, subject: itemSubject(item.id) }, { dedupe: 'any' }))
        queued.push(item.id);
    }
    return queued;
  });
}
