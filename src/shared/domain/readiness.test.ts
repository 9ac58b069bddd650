import { describe, expect, it } from 'vitest';
import {
  assessListing,
  checkEbayAccount,
  checkItemPublishable,
  checkListing,
  checkPublishReadiness,
  listingReadyScore,
  publishReadyScore,
  readinessBarColour,
  readinessMessages,
  type ReadinessAccount,
  type ReadinessItem,
} from './readiness';

const item: ReadinessItem = {
  title: 'Levi’s 501 Jeans 32x30',
  description: 'A'.repeat(60),
  imageCount: 3,
  ebayCategoryId: '11483',
  category: 'Mens Jeans',
  ebayConditionGrade: 'good',
  condition: 'good',
  brand: 'Levi’s',
};
const account: ReadinessAccount = {
  connected: true,
  tokenExpired: false,
  policies: { payment: 'p', fulfillment: 'f', return: 'r' },
  hasLocation: true,
};

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
      ebayCategoryId: null,
      category: ' ',
      ebayConditionGrade: null,
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

  it('accepts category or condition text in place of the marketplace values', () => {
    expect(checkListing({ ...item, ebayCategoryId: null, ebayConditionGrade: null }).isValid).toBe(true);
  });

  it('warns about long titles, too many images and a missing brand on clothing', () => {
    const result = checkListing({ ...item, title: 'T'.repeat(81), imageCount: 13, brand: null, category: 'Other Clothing' });
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([readinessMessages.titleTooLong, readinessMessages.tooManyImages, readinessMessages.brandRecommended]);
    expect(readinessMessages.titleTooLong).toBe('Title is longer than 80 characters (recommended maximum for eBay)');
  });
});

describe('checkPublishReadiness', () => {
  it('adds the account rules', () => {
    expect(checkPublishReadiness({ ...item, price: 20 }, account).isValid).toBe(true);
    const result = checkPublishReadiness(
      { ...item, price: 20 },
      {
        connected: false,
        tokenExpired: false,
        policies: { payment: null, fulfillment: 'f', return: 'r' },
        hasLocation: false,
      },
    );
    expect(result.errors).toEqual([readinessMessages.notConnected, readinessMessages.policiesMissing]);
    expect(result.warnings).toEqual([readinessMessages.noLocation]);
    expect(publishReadyScore(result)).toBe(69); // 5 of 7 mandatory x2 + brand = 11 of 16
  });

  it('names a missing price as an error: eBay takes no listing without one (issue 31)', () => {
    for (const price of [undefined, null, 0, Number.NaN]) {
      const result = checkPublishReadiness({ ...item, price }, account);
      expect(result).toMatchObject({ isValid: false, errors: [readinessMessages.priceRequired] });
      expect(result.checklist.hasPrice).toBe(false);
    }
    expect(readinessMessages.priceRequired).toBe('Price is required');
    expect(checkItemPublishable({ ...item, price: 12.5 })).toMatchObject({ isValid: true, errors: [] });
    expect(checkItemPublishable({ ...item, title: null, price: null }).errors).toEqual([
      readinessMessages.titleRequired,
      readinessMessages.priceRequired,
    ]);
  });

  it('reports an expired token and a missing item', () => {
    expect(checkPublishReadiness({ ...item, price: 20 }, { ...account, tokenExpired: true }).errors).toEqual([
      readinessMessages.tokenExpired,
    ]);
    expect(checkPublishReadiness(null, account).errors).toEqual([readinessMessages.itemNotFound]);
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

describe('the texts of spec §5, word for word', () => {
  it('has every error and warning the spec spells out', () => {
    expect(readinessMessages).toMatchObject({
      itemNotFound: 'Item not found',
      titleTooLong: 'Title is longer than 80 characters (recommended maximum for eBay)',
      tooManyImages: 'eBay allows maximum 12 images per listing',
      brandRecommended: 'Brand is recommended for clothing items',
      notConnected: 'eBay account not connected',
      tokenExpired: 'eBay access token expired - please reconnect your account',
      policiesMissing: 'eBay business policies not configured (Payment, Fulfillment, Return)',
      noLocation: 'No inventory location set (will be created automatically on first publish)',
    });
    expect(readinessMessages.titleRequired).toMatch(/title.*required.*10/i);
    expect(readinessMessages.descriptionRequired).toMatch(/description.*required.*50/i);
    expect(readinessMessages.imageRequired).toMatch(/at least 1 .*image.*required/i);
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
    ebayCategoryId: null,
    ebayCategoryName: null,
    ebayConditionGrade: null,
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

  it('the AI brand wins over the seller’s; either counts', () => {
    expect(assessListing({ ...fields, category: 'Other Clothing', condition: 'good' }).result.warnings).toEqual([
      readinessMessages.brandRecommended,
    ]);
    expect(assessListing({ ...fields, category: 'Other Clothing', condition: 'good', extractedBrand: 'Lee' }).result.warnings).toEqual([]);
  });

  it('eBay readiness reads the account only, with the checklist flags', () => {
    expect(checkEbayAccount(account)).toEqual({
      isReady: true,
      errors: [],
      warnings: [],
      checklist: { hasConnection: true, hasPolicies: true, hasLocation: true },
    });
    const expired = checkEbayAccount({ ...account, tokenExpired: true, hasLocation: false });
    expect(expired).toMatchObject({
      isReady: false,
      errors: [readinessMessages.tokenExpired],
      warnings: [readinessMessages.noLocation],
      checklist: { hasConnection: false, hasPolicies: true, hasLocation: false },
    });
  });

  it('the publish check has all ten checklist flags', () => {
    const result = checkPublishReadiness({ ...item, price: 20 }, account);
    expect(result.checklist).toEqual({
      hasTitle: true,
      hasDescription: true,
      hasImages: true,
      hasCategory: true,
      hasCondition: true,
      hasBrand: true,
      hasPrice: true,
      hasPolicies: true,
      hasLocation: true,
      hasConnection: true,
    });
  });
});
