import { GENERATION_MAX_ATTEMPTS, type ListingGeneration } from '../../listings/generation';
import type { JobHandler } from '../registry';

/** generate-listing: an AI writes one item's listing (listings/generation.ts holds the rules). */
export function generateListingHandler(generation: ListingGeneration): JobHandler {
  return {
    maxAttempts: GENERATION_MAX_ATTEMPTS,
    run: (job, ctx) => generation.run(job, ctx),
    onGiveUp: (job, reason) => generation.giveUp(job, reason),
  };
}
