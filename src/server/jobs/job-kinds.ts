import type { ConnectionSubject, ItemSubject, ListingSubject } from './job-subject';

/**
 * Every kind of background job, its payload and its subject: the one place a new kind starts. Add its payload type
 * to `JobKinds`, its subject to `JobSubjects` and its name to `kindNames` (the compiler asks for all three), then
 * give it a handler in compose.ts (createJobRegistry refuses to start without one).
 */
export interface JobKinds {
  'generate-listing': GenerateListingPayload;
  'publish-listing': PublishListingPayload;
  'pull-sales': PullSalesPayload;
  'import-listings': ImportListingsPayload;
}
export type JobKind = keyof JobKinds;

/** What each kind is about: at most one waiting or running job per (kind, subject). */
export interface JobSubjects {
  'generate-listing': ItemSubject;
  /** The item on one channel: one publish per listing at a time, channels of one item in parallel. */
  'publish-listing': ListingSubject;
  /** The seller's connection to one channel: one pull of their sales there at a time. */
  'pull-sales': ConnectionSubject;
  /** The seller's connection to one channel: one import of what is live there at a time. */
  'import-listings': ConnectionSubject;
}

const kindNames: Record<JobKind, true> = {
  'generate-listing': true,
  'publish-listing': true,
  'pull-sales': true,
  'import-listings': true,
};
export const jobKinds = Object.keys(kindNames) as readonly JobKind[];

export type JobStatus = 'pending' | 'running' | 'failed';

export interface GenerateListingPayload {
  /** 429 answers retried so far (spec: at most 3). */
  rateLimitRetries?: number;
}

export interface PublishListingPayload {
  /** eBay's rate-limit and busy answers (429, 25001, 25025) waited out so far. */
  busyRetries?: number;
  /** Attempts that got no answer from eBay at all (refused, cut off, timed out) waited out so far. */
  unreachableRetries?: number;
}

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
