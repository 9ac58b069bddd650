import { describe, expect, it } from 'vitest';
import { createBasicGenerator } from './basic-generator';
import type { ListingRequest } from './listing-generator';

const request = (brand: string): ListingRequest => ({
  sku: 'PSTFSH-001',
  category: 'Mens T-Shirts',
  condition: 'good',
  brand,
  photos: [],
});

describe("the offline writer and the seller's brand", () => {
  it('writes a known brand typed in small letters on a phone as the brand is written, in the title, text and Brand', async () => {
    const draft = await createBasicGenerator().generate(request('uniqlo'));
    expect(draft.title.startsWith('Uniqlo ')).toBe(true);
    expect(draft.description).toContain('Uniqlo');
    expect(draft.description).not.toContain('uniqlo');
    expect(draft.itemSpecifics.Brand).toBe('Uniqlo');
  });

  it('keeps a brand the app does not know as the seller typed it', async () => {
    const draft = await createBasicGenerator().generate(request('my little label'));
    expect(draft.title.startsWith('my little label ')).toBe(true);
    expect(draft.itemSpecifics.Brand).toBe('my little label');
  });
});
