import { describe, expect, it } from 'vitest';
import { makeListingItem } from '@/test/make-listing-item';
import { filterListings } from './listing-filters';

const pending = makeListingItem({ sku: 'PSTFSH-001' });
const failed = makeListingItem({ sku: 'PSTFSH-002', aiGenerationStatus: 'failed', aiGenerationError: 'boom' });
const ready = makeListingItem({ sku: 'BLUE-7', aiGenerationStatus: 'completed', aiTitle: "Levi's 501 Jeans", listingReady: true });
const incomplete = makeListingItem({ sku: 'PSTFSH-004', aiGenerationStatus: 'completed', aiTitle: 'Blue Jacket', listingReady: false });
const all = [pending, failed, ready, incomplete];
const skus = (items: { sku: string }[]) => items.map((i) => i.sku);

describe('filterListings', () => {
  it('keeps everything without a filter', () => {
    expect(skus(filterListings(all, { q: '', status: '' }))).toEqual(skus(all));
  });

  it('searches the SKU and the title, case-insensitively', () => {
    expect(skus(filterListings(all, { q: 'blue', status: '' }))).toEqual(['BLUE-7', 'PSTFSH-004']);
    expect(skus(filterListings(all, { q: ' 501 ', status: '' }))).toEqual(['BLUE-7']);
    expect(skus(filterListings(all, { q: 'pstfsh-00', status: '' }))).toEqual(['PSTFSH-001', 'PSTFSH-002', 'PSTFSH-004']);
  });

  it('filters by status', () => {
    expect(skus(filterListings(all, { q: '', status: 'to-generate' }))).toEqual(['PSTFSH-001']);
    expect(skus(filterListings(all, { q: '', status: 'failed' }))).toEqual(['PSTFSH-002']);
    expect(skus(filterListings(all, { q: '', status: 'ready' }))).toEqual(['BLUE-7']);
    expect(skus(filterListings(all, { q: '', status: 'needs-edits' }))).toEqual(['PSTFSH-004']);
    expect(skus(filterListings(all, { q: 'blue', status: 'ready' }))).toEqual(['BLUE-7']);
  });
});
