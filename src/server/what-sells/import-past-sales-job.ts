import { pastSalesImportMessages } from '@shared/contracts/past-sales-imports';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import type { JobHandler } from '../jobs/registry';
import type { Marketplaces } from '../channels/marketplace';
import { IMPORT_JOB_MAX_ATTEMPTS, runImportJob } from '../channels/import-job-run';
import type { PastSalesImports } from './marketplace-import';

/**
 * The import-past-sales job kind (decision 150): one seller's import from one marketplace. Busy and unreachable answers
 * are waited out as publishing waits them (the words shown on the import); then, or on a refusal, the import stops
 * with the marketplace's words. A seller who cannot use the connection (not connected, scope missing) stops at once.
 */
export function importPastSalesJob(db: Db, imports: PastSalesImports, marketplaces: Marketplaces): JobHandler<'import-past-sales'> {
  return {
    maxAttempts: IMPORT_JOB_MAX_ATTEMPTS,
    run(job, ctx) {
      const { importId } = job.payload;
      const channel = job.subject.channel as ApiChannel;
      const gaveUp = (reason: string) => pastSalesImportMessages.gaveUp(channel, reason);
      return runImportJob(db, job, ctx, marketplaces[channel], {
        run: () => imports.run(job.userId, importId),
        waiting: (message) => imports.waiting(job.userId, importId, message),
        stop: (message) => imports.fail(job.userId, importId, message),
        words: { cannotUse: gaveUp, gaveUp, unreachable: pastSalesImportMessages.unreachable(channel) },
      });
    },
    onGiveUp: (job, reason) =>
      imports.fail(job.userId, job.payload.importId, pastSalesImportMessages.gaveUp(job.subject.channel as ApiChannel, reason)),
  };
}
