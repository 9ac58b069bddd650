import { describe, expect, it } from 'vitest';
import { listOnLabel, namesOf, outcomeLine } from './list-on-words';

describe('the channel picker words', () => {
  it('names the channels as a sentence does', () => {
    expect(namesOf(['depop'])).toBe('Depop');
    expect(namesOf(['ebay', 'depop'])).toBe('eBay and Depop');
    expect(namesOf(['ebay', 'poshmark', 'depop'])).toBe('eBay, Poshmark and Depop');
    expect(listOnLabel(20, ['ebay', 'depop'])).toBe('List 20 items on eBay and Depop');
    expect(listOnLabel(1, ['grailed'])).toBe('List 1 item on Grailed');
  });

  it('sums up a channel’s outcome', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(
      outcomeLine({ channel: 'ebay', queued: [id], alreadyQueued: [id], prepared: [], refused: [{ itemId: id, sku: 'A', message: 'x' }] }),
    ).toBe('eBay: 2 items being published, 1 item not listed');
    expect(outcomeLine({ channel: 'depop', queued: [], alreadyQueued: [], prepared: [id], refused: [] })).toBe(
      'Depop: 1 item ready for you to list',
    );
  });
});
