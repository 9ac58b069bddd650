import type { Db } from '../db/client';
import type { JobKind, JobKinds } from '../jobs/job-kinds';
import { retryJob, type ClaimedJob } from '../jobs/queue';
import type { JobContext } from '../jobs/registry';
import type { Marketplace } from './marketplace';

/** A marketplace's 429 and busy answers are waited out this many times before the job fails. */
export const MARKETPLACE_BUSY_RETRIES = 8;
/**
 * Attempts that got no answer from the marketplace at all are retried this many times (after 5, 10 and 20 s), then
 * the job fails with a message saying so: a seller waits about half a minute, not the busy retries' twenty.
 */
export const MARKETPLACE_UNREACHABLE_RETRIES = 3;
/** Crashes and unexpected errors: claims before the job is given up. */
export const MARKETPLACE_MAX_ATTEMPTS = 5 + MARKETPLACE_BUSY_RETRIES + MARKETPLACE_UNREACHABLE_RETRIES;
const DEFAULT_BUSY_WAIT_SECONDS = 5;

/** The job kinds that act on one listing at its marketplace, each carrying its busy and no-answer counts. */
export type ListingJobKind = 'publish-listing' | 'revise-listing' | 'end-listing' | 'relist-listing';

/** Back to the queue for `seconds`, its words for the seller `lastError`, counting one more wait in its payload. */
function retryIn<K extends JobKind>(db: Db, job: ClaimedJob<K>, ctx: JobContext, seconds: number, lastError: string, counted: object) {
  return retryJob(db, job, {
    runAfterMs: ctx.clock.now() + seconds * 1000,
    lastError,
    payload: { ...job.payload, ...counted } as JobKinds[K],
  });
}

export interface MarketplaceAttempt {
  /** What the job does at the marketplace; it throws what the marketplace's publishFailureOf classifies. */
  act(): Promise<void>;
  /** The job failed for good with these words for the seller (the job's row and the listing's). */
  fail(message: string): Promise<void>;
  /** The job's words for the seller while waiting: busy, and no answer (retrying, then given up). */
  messages: {
    busy(marketplace: string, seconds: number): string;
    unreachableRetrying(marketplace: string, seconds: number): string;
    unreachable(marketplace: string): string;
  };
}

/**
 * One attempt of a listing job at its marketplace (publish, revise, end, relist): a busy answer goes back to the
 * queue for the time the marketplace asks (Retry-After) or a growing pause, no answer is retried three times, a
 * refusal fails with the marketplace's words, anything else is thrown (retried with back-off, then given up).
 */
export async function attemptAtMarketplace<K extends ListingJobKind>(
  db: Db,
  job: ClaimedJob<K>,
  ctx: JobContext,
  marketplace: Marketplace,
  attempt: MarketplaceAttempt,
): Promise<void> {
  const log = { itemId: job.itemId, channel: marketplace.channel, kind: job.kind };
  try {
    await attempt.act();
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const failure = marketplace.publishFailureOf(error);
    const retries = job.payload.busyRetries ?? 0;
    if (failure.kind === 'busy' && retries < MARKETPLACE_BUSY_RETRIES) {
      const seconds = failure.seconds ?? DEFAULT_BUSY_WAIT_SECONDS * 2 ** retries;
      ctx.log.info({ ...log, err: error, seconds }, 'marketplace busy; job retried later');
      await retryIn(db, job, ctx, seconds, attempt.messages.busy(marketplace.name, seconds), { busyRetries: retries + 1 });
      return;
    }
    if (failure.kind === 'unreachable') {
      const unreachable = job.payload.unreachableRetries ?? 0;
      if (unreachable >= MARKETPLACE_UNREACHABLE_RETRIES) {
        ctx.log.warn({ ...log, err: error }, 'marketplace unreachable; job failed');
        await attempt.fail(attempt.messages.unreachable(marketplace.name));
        return;
      }
      const seconds = DEFAULT_BUSY_WAIT_SECONDS * 2 ** unreachable;
      ctx.log.warn({ ...log, err: error, seconds }, 'marketplace unreachable; job retried later');
      const words = attempt.messages.unreachableRetrying(marketplace.name, seconds);
      await retryIn(db, job, ctx, seconds, words, { unreachableRetries: unreachable + 1 });
      return;
    }
    if (failure.kind === 'refused' || failure.kind === 'busy') {
      await attempt.fail(failure.message);
      return;
    }
    throw error; // unexpected: retried with back-off, then given up
  }
}

/** The job kinds that import from a marketplace (eBay's listings, a marketplace's past sales), resumable at any point. */
export type ImportJobKind = 'import-listings' | 'import-past-sales';

/**
 * An import job's busy or silent marketplace: waited out as publishing waits it (one count for both, a growing pause or
 * the time the marketplace asks), the words shown on the import while it waits. Answers null once the job is back in
 * the queue; otherwise the failure, for the job to stop the import in its own words (or throw what is unexpected).
 */
export async function waitOutImportFailure<K extends ImportJobKind>(
  db: Db,
  job: ClaimedJob<K>,
  ctx: JobContext,
  marketplace: Pick<Marketplace, 'name' | 'publishFailureOf'>,
  error: unknown,
  wait: {
    /** Publishing's words while waiting (busy, no answer), shown on the import. */
    messages: Pick<MarketplaceAttempt['messages'], 'busy' | 'unreachableRetrying'>;
    show: (message: string) => Promise<void>;
  },
): Promise<ReturnType<Marketplace['publishFailureOf']> | null> {
  const failure = marketplace.publishFailureOf(error);
  const retries = job.payload.busyRetries ?? 0;
  if ((failure.kind !== 'busy' && failure.kind !== 'unreachable') || retries >= MARKETPLACE_BUSY_RETRIES) return failure;
  const seconds = (failure.kind === 'busy' && failure.seconds) || DEFAULT_BUSY_WAIT_SECONDS * 2 ** Math.min(retries, 3);
  const message =
    failure.kind === 'busy' ? wait.messages.busy(marketplace.name, seconds) : wait.messages.unreachableRetrying(marketplace.name, seconds);
  ctx.log.info({ importId: job.payload.importId, err: error, seconds }, `${marketplace.name} busy or unreachable; import resumed later`);
  await wait.show(message);
  await retryIn(db, job, ctx, seconds, message, { busyRetries: retries + 1 });
  return null;
}
