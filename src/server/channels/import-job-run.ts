import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import type { ClaimedJob } from '../jobs/queue';
import type { JobContext } from '../jobs/registry';
import type { Marketplace } from './marketplace';
import { waitOutImportFailure, type ImportJobKind } from './marketplace-retries';
import { PUBLISH_BUSY_RETRIES, PUBLISH_UNREACHABLE_RETRIES, publishMessages } from './publish-job';

/** Claims of an import job before it is given up: the waits publishing allows, and five more. */
export const IMPORT_JOB_MAX_ATTEMPTS = 5 + PUBLISH_BUSY_RETRIES + PUBLISH_UNREACHABLE_RETRIES;

/**
 * One run of an import job (eBay's listings, a marketplace's past sales), resumable at any point: a seller who cannot
 * use the connection (the import's 409) has it stop at once; a busy or silent marketplace is waited out as publishing
 * waits it (the same counts and words, shown on the import); then, or on a refusal, the import stops in the job's words.
 * Anything else is thrown (retried with back-off, then given up).
 */
export async function runImportJob<K extends ImportJobKind>(
  db: Db,
  job: ClaimedJob<K>,
  ctx: JobContext,
  marketplace: Pick<Marketplace, 'name' | 'publishFailureOf'>,
  importJob: {
    run(): Promise<void>;
    /** Shows the words of a wait on the import. */
    waiting(message: string): Promise<void>;
    stop(message: string): Promise<void>;
    words: { cannotUse(message: string): string; gaveUp(reason: string): string; unreachable: string };
  },
): Promise<void> {
  try {
    await importJob.run();
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    if (error instanceof AppError && error.code === 'CONFLICT') return importJob.stop(importJob.words.cannotUse(error.message));
    const failure = await waitOutImportFailure(db, job, ctx, marketplace, error, { messages: publishMessages, show: importJob.waiting });
    if (!failure) return;
    if (failure.kind === 'unreachable') return importJob.stop(importJob.words.unreachable);
    if (failure.kind === 'refused' || failure.kind === 'busy') return importJob.stop(importJob.words.gaveUp(failure.message));
    throw error;
  }
}
