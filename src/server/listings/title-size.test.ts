import { describe, expect, it } from 'vitest';
import type { ListingDraft } from '@shared/domain/listing';
import { basicDraft } from '../adapters/ai/basic-generator';
import { listingUserPrompt } from '../adapters/ai/listing-prompt';
import type { ListingRequest, SellerFacts } from '../adapters/ai/listing-generator';
import { draftWithSellerSize } from './title-size';

/**
 * A listing written after the seller picked eBay's standard size never carries in its title the size the
 * label reads instead: the writers are told the size, and every draft's title is checked on its way out.
 */
const facts = (size: string | null): SellerFacts => ({ size, sizeType: null, color: null, material: null, style: null, fit: null });
const request: ListingRequest = {
  sku: 'PSTFSH-046',
  category: 'Mens Jeans',
  condition: 'good',
  brand: "Levi's",
  facts: facts('32x30'),
  photos: [],
};

/** What an AI answers that read the label ("W32 L30") and put it in the title. */
function labelDraft(title: string, size: string | null): ListingDraft {
  const draft = basicDraft({ ...request, facts: facts(null) }, null);
  return { ...draft, title, extracted: { ...draft.extracted, size } };
}

describe('the size in the written title', () => {
  it('the label’s size in an AI title becomes the standard size the seller chose, as a whole word only', () => {
    expect(draftWithSellerSize(labelDraft("Levi's 501 Men's Jeans W32 L30 Blue", 'W32 L30'), facts('32x30')).title).toBe(
      "Levi's 501 Men's Jeans 32x30 Blue",
    );
    expect(draftWithSellerSize(labelDraft("Levi's Jeans Size w32/l30 Blue", 'W32/L30'), facts('32x30')).title).toBe(
      "Levi's Jeans Size 32x30 Blue",
    );
    // "32" read on the label: the W32 of another word and a 320 are not it.
    expect(draftWithSellerSize(labelDraft('Jeans Size 32 Lot 320', '32'), facts('32x32')).title).toBe('Jeans Size 32x32 Lot 320');
  });

  it('leaves the title as it is when the seller chose nothing, or the label says the chosen size', () => {
    const draft = labelDraft("Levi's Jeans W32 L30", 'W32 L30');
    expect(draftWithSellerSize(draft, facts(null))).toBe(draft);
    expect(draftWithSellerSize(draft, undefined)).toBe(draft);
    expect(draftWithSellerSize(labelDraft('Tee Size M', 'M'), facts('m'))).toEqual(labelDraft('Tee Size M', 'M'));
  });

  it('stays within eBay’s 80 characters, cut at a word', () => {
    const long = `${'Word '.repeat(13)}Size 3XL Blue`; // 78 characters
    const title = draftWithSellerSize(labelDraft(long, '3XL'), facts('XXXL Big & Tall')).title;
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith(' ')).toBe(false);
  });

  it('the offline writer titles the standard size, and the AI’s prompt states it', () => {
    const draft = basicDraft(request, null);
    expect(draft.title).toContain('Size 32x30');
    expect(draftWithSellerSize(draft, request.facts).title).toBe(draft.title);
    expect(listingUserPrompt(request)).toMatch(/^ {2}- Size: 32x30 \(write the size exactly so, in the title too/m);
  });
});
