import type { Db } from '../../../db/client';
import type { JobHandler } from '../../../jobs/registry';
import type { Marketplace } from '../../marketplace';
import { IMPORT_JOB_MAX_ATTEMPTS, runImportJob } from '../../import-job-run';
import type { ListingImport } from './listing-import';

export const importJobMessages = {
  gaveUp: (reason: string) => `The import stopped: ${reason}. Start it again to carry on where it stopped.`,
  unreachable: 'eBay cannot be reached right now, so the import stopped. Start it again in a few minutes to carry on.',
} as const;

/**
 * The import-listings job kind: one seller's import from eBay (listing-import.ts), resumable at any point. eBay's busy
 * and unreachable answers are waited out as publishing waits them (the same counts and words, shown on the import),
 * then the import stops with words for the seller; a seller who cannot use their connection has it stop at once.
 */
export function importListingsJob(db: Db, imports: ListingImport, ebay: Marketplace): JobHandler<'import-listings'> {
  return {
    maxAttempts: IMPORT_JOB_MAX_ATTEMPTS,
    run: (job, ctx) =>
      runImportJob(db, job, ctx, ebay, {
        run: () => imports.run(job.userId, job.payload.importId, ctx.signal),
        waiting: (message) => imports.waiting(job.userId, job.payload.importId, message),
        stop: (message) => imports.fail(job.userId, job.payload.importId, message),
        words: { cannotUse: (message) => message, ...importJobMessages },
      }),
    onGiveUp: (job, reason) => imports.fail(job.userId, job.payload.importId, importJobMessages.gaveUp(reason)),
  };
}
