import { pastSalesImportMessages } from '@shared/contracts/past-sales-imports';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import type { JobHandler } from '../jobs/registry';
import type { Marketplaces } from '../channels/marketplace';
import { waitOutImportFailure } from '../channels/marketplace-retries';
import { PUBLISH_BUSY_RETRIES, PUBLISH_UNREACHABLE_RETRIES, publishMessages } from '../channels/publish-job';
import type { PastSalesImports } from './marketplace-import';

/**
 * The import-past-sales job kind (decision 150): one seller's import from one marketplace. Busy and unreachable answers
 * are waited out as publishing waits them (the words shown on the import); then, or on a refusal, the import stops
 * with the marketplace's words. A seller who cannot use the connection (not connected, scope missing) stops at once.
 */
export function importPastSalesJob(db: Db, imports: PastSalesImports, marketplaces: Marketplaces): JobHandler<'import-past-sales'> {
  return {
    maxAttempts: 5 + PUBLISH_BUSY_RETRIES + PUBLISH_UNREACHABLE_RETRIES,
    async run(job, ctx) {
      const { importId } = job.payload;
      const channel = job.subject.channel as ApiChannel;
      const market = marketplaces[channel];
      try {
        await imports.run(job.userId, importId);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        if (error instanceof AppError && error.code === 'CONFLICT') {
          await imports.fail(job.userId, importId, pastSalesImportMessages.gaveUp(channel, error.message));
          return;
        }
        const failure = await waitOutImportFailure(db, job, ctx, market, error, {
          messages: publishMessages,
          show: (message) => imports.waiting(job.userId, importId, message),
        });
        if (!failure) return;
        if (failure.kind === 'unreachable') {
          await imports.fail(job.userId, importId, pastSalesImportMessages.unreachable(channel));
          return;
        }
        if (failure.kind === 'refused' || failure.kind === 'busy') {
          await imports.fail(job.userId, importId, pastSalesImportMessages.gaveUp(channel, failure.message));
          return;
        }
        throw error;
      }
    },
    onGiveUp: (job, reason) =>
      imports.fail(job.userId, job.payload.importId, pastSalesImportMessages.gaveUp(job.subject.channel as ApiChannel, reason)),
  };
}
