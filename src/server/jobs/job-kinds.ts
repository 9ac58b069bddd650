/** Every kind of background job. A kind without a handler stops the start (see createJobRegistry). */
export const jobKinds = ['generate-listing'] as const;
export type JobKind = (typeof jobKinds)[number];

export type JobStatus = 'pending' | 'running' | 'failed';

export interface GenerateListingPayload {
  /** 429 answers retried so far (spec: at most 3). */
  rateLimitRetries?: number;
}

export interface JobPayloads {
  'generate-listing': GenerateListingPayload;
}
