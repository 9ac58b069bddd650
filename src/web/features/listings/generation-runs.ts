import type { ListingItem } from '@shared/contracts/listings';
import { listingMessages } from '@shared/domain/listing';

/** A generation the seller started from this screen: the bulk button, one card's button, or a regenerate. */
export interface GenerationRun {
  id: string;
  kind: 'batch' | 'single' | 'regenerate';
  itemIds: string[];
}

export interface RunProgress {
  total: number;
  /** Finished one way or the other (completed or failed). */
  done: number;
  succeeded: number;
  failed: number;
  /** Queued, not yet picked up by a worker (or waiting out a rate limit). */
  waiting: number;
  generating: number;
  finished: boolean;
  /** Error of the first failed item (single runs alert it). */
  firstError: string | null;
}

/** Where a run stands, from the items as the server last told them. Items deleted meanwhile no longer count. */
export function runProgress(run: GenerationRun, itemsById: Map<string, ListingItem>): RunProgress {
  const p: RunProgress = { total: 0, done: 0, succeeded: 0, failed: 0, waiting: 0, generating: 0, finished: false, firstError: null };
  for (const id of run.itemIds) {
    const item = itemsById.get(id);
    if (!item) continue;
    p.total += 1;
    if (item.generationQueued) p.waiting += 1;
    else if (item.aiGenerationStatus === 'generating') p.generating += 1;
    else if (item.aiGenerationStatus === 'completed') {
      p.done += 1;
      p.succeeded += 1;
    } else if (item.aiGenerationStatus === 'failed') {
      p.done += 1;
      p.failed += 1;
      p.firstError ??= item.aiGenerationError ?? listingMessages.generateFailed;
    } else p.done += 1; // back to pending with nothing queued: its listing was deleted meanwhile
  }
  p.finished = p.done === p.total;
  return p;
}

/** What the seller is told when a run ends; null when there is nothing to say. */
export function runEndMessage(run: GenerationRun, progress: RunProgress): { tone: 'success' | 'error'; text: string } | null {
  if (run.kind === 'batch') {
    if (progress.total === 0) return null;
    return progress.failed > 0
      ? { tone: 'error', text: listingMessages.batchComplete(progress.succeeded, progress.failed) }
      : { tone: 'success', text: listingMessages.batchSucceeded(progress.succeeded) };
  }
  if (run.kind === 'regenerate') {
    if (progress.failed > 0)
      return { tone: 'error', text: listingMessages.regenerateFailed(progress.firstError ?? listingMessages.generateFailed) };
    return progress.succeeded > 0 ? { tone: 'success', text: listingMessages.regenerateSucceeded } : null;
  }
  return progress.failed > 0
    ? { tone: 'error', text: listingMessages.generateFailedWith(progress.firstError ?? listingMessages.generateFailed) }
    : null;
}
