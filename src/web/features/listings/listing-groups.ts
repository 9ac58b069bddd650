import type { ListingItem } from '@shared/contracts/listings';

/** Items whose listing is shown as finished (a regeneration in progress keeps the old one on screen). */
export const hasListing = (item: ListingItem) =>
  item.aiGenerationStatus === 'completed' || (item.aiGenerationStatus === 'generating' && item.aiTitle !== null);

/** Items still waiting for their first listing (pending, generating, or failed). */
export const needsListing = (item: ListingItem) => !hasListing(item);

/** Pending or failed items that can be picked for a bulk generation (not running, not queued). */
export const canGenerate = (item: ListingItem) => item.aiGenerationStatus !== 'generating' && !item.generationQueued;

/** Completed listings that can be picked for a bulk delete (no regeneration running or queued). */
export const canDelete = (item: ListingItem) => item.aiGenerationStatus === 'completed' && !item.generationQueued;

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
