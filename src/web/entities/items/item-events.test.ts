import { describe, expect, it } from 'vitest';
import { parseItemEvent, parseListingEvent } from './item-events';

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

describe('parseListingEvent', () => {
  const event = {
    type: 'listing',
    itemId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    channel: 'ebay',
    status: 'live',
    externalId: '110',
    url: 'https://www.ebay.com/itm/110',
    error: null,
    updatedAt: '2026-01-01T00:00:00.000000Z',
  };

  it('reads the payload of a listing event', () => {
    expect(parseListingEvent(JSON.stringify(event))).toEqual(event);
  });

  it('ignores a channel or status it does not know, and an item event', () => {
    expect(parseListingEvent(JSON.stringify({ ...event, channel: 'amazon' }))).toBeNull();
    expect(parseListingEvent(JSON.stringify({ ...event, status: 'archived' }))).toBeNull();
    expect(parseListingEvent(JSON.stringify({ ...event, type: 'item' }))).toBeNull();
    expect(parseListingEvent('{')).toBeNull();
  });
});
