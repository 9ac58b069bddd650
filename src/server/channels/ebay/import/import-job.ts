import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { JobHandler } from '../../../jobs/registry';
import type { Marketplace } from '../../marketplace';
import { waitOutImportFailure } from '../../marketplace-retries';
import { PUBLISH_BUSY_RETRIES, PUBLISH_UNREACHABLE_RETRIES, publishMessages } from '../../publish-job';
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
    maxAttempts: 5 + PUBLISH_BUSY_RETRIES + PUBLISH_UNREACHABLE_RETRIES,
    async run(job, ctx) {
      const { importId } = job.payload;
      try {
        await imports.run(job.userId, importId, ctx.signal);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        if (error instanceof AppError && error.code === 'CONFLICT') {
          await imports.fail(job.userId, importId, error.message);
          return;
        }
        const failure = await waitOutImportFailure(db, job, ctx, ebay, error, {
          messages: publishMessages,
          show: (message) => imports.waiting(job.userId, importId, message),
        });
        if (!failure) return;
        if (failure.kind === 'unreachable') {
          await imports.fail(job.userId, importId, importJobMessages.unreachable);
          return;
        }
        if (failure.kind === 'refused' || failure.kind === 'busy') {
          await imports.fail(job.userId, importId, importJobMessages.gaveUp(failure.message));
          return;
        }
        throw error;
      }
    },
    onGiveUp: (job, reason) => imports.fail(job.userId, job.payload.importId, importJobMessages.gaveUp(reason)),
  };
}
