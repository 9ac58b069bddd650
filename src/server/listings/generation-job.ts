import type { WritingQuestion } from '@shared/contracts/listings';
import { listingMessages } from '@shared/domain/listing';
import type { Db } from '../db/client';
import { itemSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import { GENERATION_MAX_ATTEMPTS, type ListingGeneration } from './generation';
import * as repo from './repo';
import { holdForAnswers } from './writing-holds-repo';

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
  /** What the channels ask before a camera batch's item is written in the background; absent: nothing. */
  askFirst?: AskFirst,
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
          const { queued, held } = await queueAutoGenerations(db, { askFirst });
          if (queued.length) log.info({ queued: queued.length }, 'background listing generation queued for camera batches');
          if (held.length) log.info({ held: held.length }, 'camera batch items held for the seller’s answer before writing');
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

/** The questions a channel asks before an item is written (channels/writing-questions.ts, for every channel). */
export type AskFirst = (userId: string, itemId: string) => Promise<WritingQuestion[]>;

/**
 * Queues the generation of camera-batch items (auto_generate_listing) that have photos, no listing yet and never a
 * job, once their uploads settled; an item a channel asks about first (a size eBay takes none of) is held for the
 * seller's answer on Generate Listings instead (decision 116), with no AI call. The channels are asked outside the
 * transaction (they read the database and eBay); in it, one process at a time (advisory lock) queues or holds the
 * items still waiting, so an item is never queued twice.
 */
export async function queueAutoGenerations(
  db: Db,
  options: { askFirst?: AskFirst; limit?: number } = {},
): Promise<{ queued: string[]; held: string[] }> {
  const limit = options.limit ?? 100;
  const asked = new Map<string, WritingQuestion[]>();
  for (const item of await repo.autoGenerateCandidates(db, limit))
    asked.set(item.id, (await options.askFirst?.(item.userId, item.id)) ?? []);
  return db.transaction(async (tx) => {
    const queued: string[] = [];
    const held: string[] = [];
    if (!(await repo.tryAutoGenerateLock(tx))) return { queued, held };
    for (const item of await repo.autoGenerateCandidates(tx, limit)) {
      const questions = asked.get(item.id);
      if (!questions) continue; // became a candidate meanwhile: asked at the next sweep
      if (questions.length) {
        await holdForAnswers(tx, item.userId, [{ itemId: item.id, questions }]);
        held.push(item.id);
      } else if (await enqueue(tx, 'generate-listing', { userId: item.userId, subject: itemSubject(item.id) }, { dedupe: 'any' })) {
        queued.push(item.id);
      }
    }
    return { queued, held };
  });
}
