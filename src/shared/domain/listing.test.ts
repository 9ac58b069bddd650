import { money, roundToMoney } from './money';
import { describe, expect, it } from 'vitest';
import { camelCaseToWords, listingDraftSchema, listingMessages, parseTags, type ListingDraftInput } from './listing';

const goodDraft: ListingDraftInput = {
  title: "Levi's 501 Original Fit Jeans Mens 32x30 Medium Wash Denim",
  description: 'Classic Levi’s 501 jeans in a medium stone wash. Button fly, straight leg. Light fading at the knees; no holes or stains.',
  tags: ['levis', '501', 'denim'],
  conditionNotes: 'Light fading at the knees.',
  measurements: { waist: '16 in', inseam: '30 in', rise: '11 in' },
  suggestedPrice: 34.999,
  pricingNotes: 'Sold comps $30-40.',
  ebayCategoryId: '11483',
  ebayCategoryName: "Men's Jeans",
  categoryConfidence: 0.92,
  ebayConditionGrade: 'good',
  extracted: {
    brand: "Levi's",
    size: '32x30',
    color: 'Blue',
    material: 'Cotton',
    style: 'Straight',
    fit: 'Regular',
    department: 'Men',
    sizeType: 'Regular',
  },
  itemSpecifics: { 'Fit Type': 'Regular', Material: 'Cotton' },
  evidence: {
    brand: { source: 'photo', photo: 2, note: 'leather patch' },
    size: { source: 'photo', photo: 3, note: 'size tag' },
    color: { source: 'inferred', note: 'overall wash' },
  },
};

describe('listingDraftSchema', () => {
  it('accepts a complete draft; its price is rounded to cents once, where it is stored (money.ts)', () => {
    const parsed = listingDraftSchema.parse(goodDraft);
    expect(roundToMoney(parsed.suggestedPrice!)).toEqual(money(3500));
    expect(parsed.measurements.waist).toBe('16 in');
  });

  it("refuses a category id that is not its marketplace's (eBay's are digits), in that marketplace's words", () => {
    const parsed = listingDraftSchema.safeParse({ ...goodDraft, ebayCategoryId: 'Jeans' });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['ebayCategoryId'], message: 'eBay category ids are digits' })]);
    expect(listingDraftSchema.safeParse({ ...goodDraft, ebayCategoryId: null }).success).toBe(true);
  });

  it('rejects a title over 80 characters and a short description', () => {
    expect(listingDraftSchema.safeParse({ ...goodDraft, title: 'x'.repeat(81) }).success).toBe(false);
    expect(listingDraftSchema.safeParse({ ...goodDraft, description: 'too short' }).success).toBe(false);
  });

  it('rejects measurement keys that are not camelCase', () => {
    expect(listingDraftSchema.safeParse({ ...goodDraft, measurements: { 'Pit to pit': '20 in' } }).success).toBe(false);
    expect(listingDraftSchema.safeParse({ ...goodDraft, measurements: { pitToPit: '20 in' } }).success).toBe(true);
  });

  it('requires photo evidence to name its photo and keeps confidence within 0..1', () => {
    expect(listingDraftSchema.safeParse({ ...goodDraft, evidence: { brand: { source: 'photo', note: 'tag' } } }).success).toBe(false);
    expect(listingDraftSchema.safeParse({ ...goodDraft, categoryConfidence: 1.2 }).success).toBe(false);
  });
});

describe('parseTags', () => {
  it('splits on commas, trims and drops empties', () => {
    expect(parseTags(' denim, levis ,, 501 , ')).toEqual(['denim', 'levis', '501']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('camelCaseToWords', () => {
  it('shows camel-case keys as spaced words', () => {
    expect(camelCaseToWords('pitToPit')).toBe('Pit To Pit');
    expect(camelCaseToWords('sleeveLength')).toBe('Sleeve Length');
    expect(camelCaseToWords('inseam')).toBe('Inseam');
  });
});

describe('messages', () => {
  it('are the agreed words', () => {
    expect(listingMessages.rateLimitRetrying(62)).toBe('Rate limit - retrying in 62s...');
    expect(listingMessages.batchComplete(3, 2)).toBe('Batch complete: 3 succeeded, 2 failed. Check failed items for details.');
    expect(listingMessages.batchSucceeded(5)).toBe('Successfully generated 5 listings!');
    expect(listingMessages.deleteManyConfirm(4)).toBe('Are you sure you want to delete 4 listings? This action cannot be undone.');
  });
});
