import type { JobHandler } from '../jobs/registry';
import type { WhatSellsService } from './service';

/**
 * The import-past-sales-file job kind: one seller's spreadsheet of past sales, checked already, written a batch at
 * a time (service.ts `writeFileImport`). A claim after a crash carries on from the last batch written; given up, the
 * import says it stopped and what was written stays.
 */
export function importPastSalesFileJob(
  whatSells: Pick<WhatSellsService, 'writeFileImport' | 'failFileImport'>,
): JobHandler<'import-past-sales-file'> {
  return {
    maxAttempts: 5,
    run: (job, ctx) => whatSells.writeFileImport(job.userId, job.subject.importId, ctx.signal),
    onGiveUp: (job, reason) => whatSells.failFileImport(job.userId, job.subject.importId, reason),
  };
}
