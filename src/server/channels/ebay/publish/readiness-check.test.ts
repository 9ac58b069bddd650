import { describe, expect, it } from 'vitest';
import { checkItemPublishable, readinessMessages, type ReadinessItem } from '@shared/domain/readiness';
import {
  checkEbayAccount,
  checkPublishReadiness,
  ebayAccountMessages,
  ebayLimitMessages,
  publishReadyScore,
  type ReadinessAccount,
} from './readiness-check';

const item: ReadinessItem = {
  title: 'Levi’s 501 Jeans 32x30',
  description: 'A'.repeat(60),
  imageCount: 3,
  category: 'Mens Jeans',
  condition: 'good',
  brand: 'Levi’s',
};
const account: ReadinessAccount = {
  connected: true,
  tokenExpired: false,
  policies: { payment: 'p', fulfillment: 'f', return: 'r' },
  hasLocation: true,
};

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
    expect(result.errors).toEqual([ebayAccountMessages.notConnected, ebayAccountMessages.policiesMissing]);
    // Not connected: whether a first publish could create the location is not known, so it is not promised.
    expect(result.warnings).toEqual([ebayAccountMessages.noLocationUnchecked]);
    expect(publishReadyScore(result)).toBe(69); // 5 of 7 mandatory x2 + brand = 11 of 16
  });

  it('names a missing price as an error: eBay takes no listing without one', () => {
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

  it('warns about eBay’s own limits (a long title, too many photos) before the listing’s advice and the account’s', () => {
    const result = checkPublishReadiness(
      { ...item, title: 'T'.repeat(81), imageCount: 13, brand: null, category: 'Other Clothing', price: 20 },
      { ...account, hasLocation: false },
    );
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([
      ebayLimitMessages.titleTooLong,
      ebayLimitMessages.tooManyImages,
      readinessMessages.brandRecommended,
      ebayAccountMessages.noLocationUnchecked,
    ]);
    // eBay's limits, in words.
    expect(ebayLimitMessages).toEqual({
      titleTooLong: 'Title is longer than 80 characters (recommended maximum for eBay)',
      tooManyImages: 'eBay allows maximum 12 images per listing',
    });
    expect(checkPublishReadiness({ ...item, title: 'T'.repeat(80), imageCount: 12, price: 20 }, account).warnings).toEqual([]);
  });

  it('reports an expired token and a missing item', () => {
    expect(checkPublishReadiness({ ...item, price: 20 }, { ...account, tokenExpired: true }).errors).toEqual([
      ebayAccountMessages.tokenExpired,
    ]);
    expect(checkPublishReadiness(null, account).errors).toEqual([readinessMessages.itemNotFound]);
  });
});

describe('eBay’s level of readiness', () => {
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
      errors: [ebayAccountMessages.tokenExpired],
      warnings: [ebayAccountMessages.noLocationUnchecked],
      checklist: { hasConnection: false, hasPolicies: true, hasLocation: false },
    });
  });

  it('promises the location "on first publish" only where the first publish creates it', () => {
    const noLocation = { ...account, hasLocation: false };
    expect(checkEbayAccount({ ...noLocation, locationOnFirstPublish: true })).toMatchObject({
      isReady: true,
      errors: [],
      warnings: [ebayAccountMessages.noLocation],
    });
    // eBay gives no address for the account: the publish would be refused, so readiness says so as an error.
    expect(checkEbayAccount({ ...noLocation, locationOnFirstPublish: false })).toMatchObject({
      isReady: false,
      errors: [ebayAccountMessages.noLocationNoAddress],
      warnings: [],
    });
    expect(checkEbayAccount({ ...noLocation, locationOnFirstPublish: null }).warnings).toEqual([ebayAccountMessages.noLocationUnchecked]);
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

  it('has the eBay texts, word for word', () => {
    expect(ebayAccountMessages).toEqual({
      notConnected: 'eBay account not connected',
      tokenExpired: 'eBay access token expired - please reconnect your account',
      policiesMissing: 'eBay business policies not configured (Payment, Fulfillment, Return)',
      noLocation: 'No inventory location set (will be created automatically on first publish)',
      noLocationUnchecked: 'No inventory location set: set one on the eBay Integration screen (Set Location)',
      noLocationNoAddress:
        'Set a default location on the eBay Integration screen before publishing: eBay did not give your account’s address to create one from',
    });
  });
});
