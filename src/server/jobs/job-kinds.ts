/**
 * Every kind of background job and its payload: the one place a new kind starts. Add its payload type to
 * `JobKinds` and its name to `kindNames` (the compiler asks for both), then give it a handler in compose.ts
 * (createJobRegistry refuses to start without one).
 */
export interface JobKinds {
  'generate-listing': GenerateListingPayload;
  'publish-listing': PublishListingPayload;
}
export type JobKind = keyof JobKinds;

const kindNames: Record<JobKind, true> = { 'generate-listing': true, 'publish-listing': true };
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
