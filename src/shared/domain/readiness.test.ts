import { describe, expect, it } from 'vitest';
import {
  assessListing,
  checkItemPublishable,
  checkListing,
  listingReadyScore,
  readinessBarColour,
  readinessMessages,
  type ReadinessItem,
} from './readiness';

const item: ReadinessItem = {
  title: 'Levi’s 501 Jeans 32x30',
  description: 'A'.repeat(60),
  imageCount: 3,
  category: 'Mens Jeans',
  condition: 'good',
  brand: 'Levi’s',
};
describe('checkItemPublishable', () => {
  it('is the listing’s rules plus a price', () => {
    expect(checkItemPublishable({ ...item, price: 12.5 })).toMatchObject({ isValid: true, errors: [] });
    expect(checkItemPublishable({ ...item, title: null, price: null }).errors).toEqual([
      readinessMessages.titleRequired,
      readinessMessages.priceRequired,
    ]);
  });
});

describe('checkListing', () => {
  it('passes a complete listing with score 100', () => {
    const result = checkListing(item);
    expect(result).toMatchObject({ isValid: true, errors: [], warnings: [] });
    expect(listingReadyScore(result)).toBe(100);
  });

  it('errors on a short title, short description, no images, no category, no condition', () => {
    const result = checkListing({
      ...item,
      title: 'short',
      description: 'x',
      imageCount: 0,
      category: ' ',
      condition: null,
    });
    expect(result.errors).toEqual([
      readinessMessages.titleRequired,
      readinessMessages.descriptionRequired,
      readinessMessages.imageRequired,
      readinessMessages.categoryRequired,
      readinessMessages.conditionRequired,
    ]);
    expect(result.isValid).toBe(false);
    expect(listingReadyScore(result)).toBe(9); // brand only: 1 of 11
  });

  it('warns about a missing brand on clothing; no marketplace’s limits (a long title, many photos) are its own', () => {
    const result = checkListing({ ...item, title: 'T'.repeat(81), imageCount: 13, brand: null, category: 'Other Clothing' });
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([readinessMessages.brandRecommended]);
  });
});

describe('readinessBarColour', () => {
  it('uses the 90/70/50 thresholds', () => {
    expect([100, 90, 89, 70, 69, 50, 49, 0].map(readinessBarColour)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'red',
      'red',
    ]);
  });
});

describe('the readiness texts, word for word', () => {
  it('has every error and warning the readiness check names', () => {
    expect(readinessMessages).toMatchObject({
      itemNotFound: 'Item not found',
      brandRecommended: 'Brand is recommended for clothing items',
    });
    expect(readinessMessages.titleRequired).toMatch(/title.*required.*10/i);
    expect(readinessMessages.descriptionRequired).toMatch(/description.*required.*50/i);
    expect(readinessMessages.imageRequired).toMatch(/at least 1 .*image.*required/i);
    // eBay's limits are eBay's warnings (its readiness check): word for word in readiness-check.test.ts.
  });
});

describe('listing complete apart from eBay ready', () => {
  const fields = {
    aiTitle: 'Levi’s 501 Jeans 32x30',
    aiDescription: 'A'.repeat(60),
    imageCount: 2,
    category: null,
    condition: null,
    brand: null,
    extractedBrand: null,
  };

  it('a listing is complete without any eBay account, once category and condition are known', () => {
    const missing = assessListing(fields);
    expect(missing.listingReady).toBe(false);
    expect(missing.result.errors).toEqual([readinessMessages.categoryRequired, readinessMessages.conditionRequired]);
    const complete = assessListing({ ...fields, category: 'Mens Jeans', condition: 'good', brand: 'Levi’s' });
    expect(complete).toMatchObject({ listingReady: true, score: 100 });
    expect(complete.result.checklist).toMatchObject({ hasConnection: false, hasPolicies: false });
  });

  it('reads what a channel’s listing names the item as where the seller’s category or condition is empty', () => {
    const listedAs = { categoryId: '11483', categoryName: 'Jeans', condition: 'USED_GOOD' };
    expect(assessListing({ ...fields, listedAs }).listingReady).toBe(true);
    expect(assessListing({ ...fields, listedAs: { ...listedAs, condition: null } }).result.errors).toEqual([
      readinessMessages.conditionRequired,
    ]);
    // The brand advice reads the channel's category name too.
    const clothing = { categoryId: '1', categoryName: 'Other Clothing', condition: 'NEW' };
    expect(assessListing({ ...fields, listedAs: clothing }).result.warnings).toEqual([readinessMessages.brandRecommended]);
  });

  it('the AI brand wins over the seller’s; either counts', () => {
    expect(assessListing({ ...fields, category: 'Other Clothing', condition: 'good' }).result.warnings).toEqual([
      readinessMessages.brandRecommended,
    ]);
    expect(assessListing({ ...fields, category: 'Other Clothing', condition: 'good', extractedBrand: 'Lee' }).result.warnings).toEqual([]);
  });
});
