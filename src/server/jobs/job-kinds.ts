import type { ConnectionSubject, ImportSubject, ItemSubject, ListingSubject } from './job-subject';

/**
 * Every kind of background job, its payload and its subject: the one place a new kind starts. Add its payload type
 * to `JobKinds`, its subject to `JobSubjects` and its name to `kindNames` (the compiler asks for all three), then
 * give it a handler in compose.ts (createJobRegistry refuses to start without one).
 */
export interface JobKinds {
  'generate-listing': GenerateListingPayload;
  'publish-listing': PublishListingPayload;
  'pull-sales': PullSalesPayload;
  'revise-listing': MarketplaceRetriesPayload;
  'end-listing': MarketplaceRetriesPayload;
  'relist-listing': MarketplaceRetriesPayload;
  'import-listings': ImportListingsPayload;
  'import-past-sales': ImportPastSalesPayload;
  'import-past-sales-file': ImportPastSalesFilePayload;
  'autopilot-step': AutopilotStepPayload;
  'end-sold-elsewhere': EndSoldElsewherePayload;
  'delist-push': DelistPushPayload;
  'apply-selling-plan': ApplySellingPlanPayload;
}
export type JobKind = keyof JobKinds;

/** What each kind is about: at most one waiting or running job per (kind, subject). */
export interface JobSubjects {
  'generate-listing': ItemSubject;
  /** The item on one channel: one publish per listing at a time, channels of one item in parallel. */
  'publish-listing': ListingSubject;
  /** The seller's connection to one channel: one pull of their sales there at a time. */
  'pull-sales': ConnectionSubject;
  /** A live listing brought up to date with its item (a save of price, quantity, text, aspects or photos). */
  'revise-listing': ListingSubject;
  /** A live listing ended on its marketplace, kept there to relist. */
  'end-listing': ListingSubject;
  /** An ended listing published again. */
  'relist-listing': ListingSubject;
  /** The seller's connection to one channel: one import of what is live there at a time. */
  'import-listings': ConnectionSubject;
  /** The seller's connection to one channel: one import of its past sales at a time (decision 150). */
  'import-past-sales': ConnectionSubject;
  /** One spreadsheet of past sales too long for a request, written a batch at a time (decision 149). */
  'import-past-sales-file': ImportSubject;
  /** The item on autopilot: one step of it at a time (decision 054). */
  'autopilot-step': ItemSubject;
  /** A sold item's live listings on its other channels ended (decision 076): one per sold item at a time. */
  'end-sold-elsewhere': ItemSubject;
  /** A delist task (the item on one assisted channel) pushed to the seller's phones (decision 084): once per task. */
  'delist-push': ListingSubject;
  /** The seller's selling plan (decision 090): their due drops and relists carried out, one run at a time. */
  'apply-selling-plan': ConnectionSubject;
}

const kindNames: Record<JobKind, true> = {
  'generate-listing': true,
  'publish-listing': true,
  'pull-sales': true,
  'revise-listing': true,
  'end-listing': true,
  'relist-listing': true,
  'import-listings': true,
  'import-past-sales': true,
  'import-past-sales-file': true,
  'autopilot-step': true,
  'end-sold-elsewhere': true,
  'delist-push': true,
  'apply-selling-plan': true,
};
export const jobKinds = Object.keys(kindNames) as readonly JobKind[];

/**
 * Kinds claimed before every other due job, whatever their due time (decision 076): ending a sold item's other
 * listings closes a double-sale window, so it never waits behind publishes, revisions or generations.
 */
export const frontOfQueueKinds: readonly JobKind[] = ['end-sold-elsewhere', 'delist-push'];

export type JobStatus = 'pending' | 'running' | 'failed';

export interface GenerateListingPayload {
  /** 429 answers retried so far (spec: at most 3). */
  rateLimitRetries?: number;
}

/** A job at a marketplace: its busy answers and its attempts with no answer, waited out so far. */
export interface MarketplaceRetriesPayload {
  /** eBay's rate-limit and busy answers (429, 25001, 25025) waited out so far. */
  busyRetries?: number;
  /** Attempts that got no answer from eBay at all (refused, cut off, timed out) waited out so far. */
  unreachableRetries?: number;
}

export type PublishListingPayload = MarketplaceRetriesPayload;

export interface PullSalesPayload {
  /** The marketplace's busy or unreachable answers waited out so far. */
  busyRetries?: number;
}

export interface ImportListingsPayload {
  /** The import (ebay_imports row) this job works through. */
  importId: string;
  /** The marketplace's busy or unreachable answers waited out so far. */
  busyRetries?: number;
}

export interface ImportPastSalesPayload {
  /** The import (past_sales_imports row) this job works through. */
  importId: string;
  /** The marketplace's busy or unreachable answers waited out so far. */
  busyRetries?: number;
}

/** Nothing to carry: the import's row (past_sales_file_imports) holds the file and how far it got. */
export type ImportPastSalesFilePayload = Record<string, never>;

/** Nothing to carry: the ends are derived from the sold item's listings (sales/ends-after-sale.ts). */
export type EndSoldElsewherePayload = Record<string, never>;

/** Nothing to carry: the push reads the task (push/delist-push-job.ts); a ticked one is not pushed. */
export type DelistPushPayload = Record<string, never>;

/** Nothing to carry: each step reads where its product is. */
export type AutopilotStepPayload = Record<string, never>;

/** Nothing to carry: the run reads the seller's due actions (selling-plan/apply.ts). */
export type ApplySellingPlanPayload = Record<string, never>;
