import { describe, expect, it } from 'vitest';
import { parseItemEvent } from './item-events';

describe('parseItemEvent', () => {
  const event = {
    type: 'item',
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    aiGenerationStatus: 'completed',
    aiGenerationError: null,
    listingReady: true,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('reads the payload of an item event', () => {
    expect(parseItemEvent(JSON.stringify(event))).toEqual(event);
  });

  it('ignores what it does not understand instead of throwing inside the stream handler', () => {
    expect(parseItemEvent('not json')).toBeNull();
    expect(parseItemEvent(JSON.stringify({ ...event, aiGenerationStatus: 'exploded' }))).toBeNull();
  });
});
