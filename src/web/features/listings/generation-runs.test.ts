import { describe, expect, it } from 'vitest';
import type { ListingItem } from '@shared/contracts/listings';
import { runEndMessage, runProgress, type GenerationRun } from './generation-runs';

const item = (id: string, status: ListingItem['aiGenerationStatus'], extra: Partial<ListingItem> = {}) =>
  ({ id, aiGenerationStatus: status, aiGenerationError: null, generationQueued: false, ...extra }) as ListingItem;

const byId = (list: ListingItem[]) => new Map(list.map((i) => [i.id, i]));
const batch: GenerationRun = { id: 'r', kind: 'batch', itemIds: ['a', 'b', 'c', 'd'] };

describe('runProgress', () => {
  it('counts completed/total with the waiting and generating items', () => {
    const progress = runProgress(
      batch,
      byId([
        item('a', 'completed'),
        item('b', 'generating'),
        item('c', 'failed', { generationQueued: true }),
        item('d', 'pending', { generationQueued: true }),
      ]),
    );
    expect(progress).toMatchObject({ total: 4, done: 1, succeeded: 1, failed: 0, waiting: 2, generating: 1, finished: false });
  });

  it('finishes when every item completed or failed; deleted items no longer count', () => {
    const progress = runProgress(
      batch,
      byId([
        item('a', 'completed'),
        item('b', 'failed', { aiGenerationError: 'Request timed out after 2.5 minutes' }),
        item('c', 'completed'),
      ]),
    );
    expect(progress).toMatchObject({
      total: 3,
      done: 3,
      succeeded: 2,
      failed: 1,
      finished: true,
      firstError: 'Request timed out after 2.5 minutes',
    });
  });
});

describe('runEndMessage', () => {
  it('ends a batch with the agreed summary', () => {
    const mixed = runProgress(batch, byId([item('a', 'completed'), item('b', 'failed'), item('c', 'completed'), item('d', 'completed')]));
    expect(runEndMessage(batch, mixed)).toEqual({
      tone: 'error',
      text: 'Batch complete: 3 succeeded, 1 failed. Check failed items for details.',
    });
    const clean = runProgress(batch, byId(['a', 'b', 'c', 'd'].map((id) => item(id, 'completed'))));
    expect(runEndMessage(batch, clean)).toEqual({ tone: 'success', text: 'Successfully generated 4 listings!' });
  });

  it('alerts a single failure with its message, and says nothing for a single success', () => {
    const single: GenerationRun = { id: 's', kind: 'single', itemIds: ['a'] };
    expect(
      runEndMessage(single, runProgress(single, byId([item('a', 'failed', { aiGenerationError: 'AI provider error: 500' })]))),
    ).toEqual({
      tone: 'error',
      text: 'Failed to generate listing: AI provider error: 500',
    });
    expect(runEndMessage(single, runProgress(single, byId([item('a', 'completed')])))).toBeNull();
  });

  it('reports a failed regeneration with the reason', () => {
    const run: GenerationRun = { id: 'g', kind: 'regenerate', itemIds: ['a'] };
    expect(runEndMessage(run, runProgress(run, byId([item('a', 'failed', { aiGenerationError: 'Rate limit exceeded' })])))?.text).toBe(
      'Failed to regenerate: Rate limit exceeded',
    );
  });
});
