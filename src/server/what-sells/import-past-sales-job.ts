import { pastSalesImportMessages } from '@shared/contracts/past-sales-imports';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { retryJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import type { Marketplaces } from '../channels/marketplace';
import { PUBLISH_BUSY_RETRIES, PUBLISH_UNREACHABLE_RETRIES, publishMessages } from '../channels/publish-job';
import type { PastSalesImports } from './marketplace-import';

const BUSY_WAIT_SECONDS = 5;

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
        const failure = market.publishFailureOf(error);
        const retries = job.payload.busyRetries ?? 0;
        if ((failure.kind === 'busy' || failure.kind === 'unreachable') && retries < PUBLISH_BUSY_RETRIES) {
          const seconds = (failure.kind === 'busy' && failure.seconds) || BUSY_WAIT_SECONDS * 2 ** Math.min(retries, 3);
          const message =
            failure.kind === 'busy'
              ? publishMessages.busy(market.name, seconds)
              : publishMessages.unreachableRetrying(market.name, seconds);
          ctx.log.info({ importId, err: error, seconds }, 'marketplace busy or unreachable; past sales import resumed later');
          await imports.waiting(job.userId, importId, message);
          await retryJob(db, job, {
            runAfterMs: ctx.clock.now() + seconds * 1000,
            lastError: message,
            payload: { ...job.payload, busyRetries: retries + 1 },
          });
          return;
        }
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
