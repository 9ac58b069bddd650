import { describe, expect, it } from 'vitest';
import { DepopUnreachableError } from './depop/api/depop-errors';
import { EtsyUnreachableError } from './etsy/api/etsy-errors';
import { MarketplaceUnreachableError } from './marketplace-unreachable';
import { ShopifyUnreachableError } from './shopify/api/shopify-errors';

describe('a marketplace that gives no answer', () => {
  it.each([
    [DepopUnreachableError, 'Depop', 'DepopUnreachableError'],
    [EtsyUnreachableError, 'Etsy', 'EtsyUnreachableError'],
    [ShopifyUnreachableError, 'Shopify', 'ShopifyUnreachableError'],
  ])('%o is named for its marketplace, says so in words and keeps the cause', (Unreachable, label, name) => {
    const cause = new TypeError('fetch failed');
    const error = new Unreachable(cause);
    expect(error).toBeInstanceOf(Unreachable);
    expect(error).toBeInstanceOf(MarketplaceUnreachableError);
    expect(error.name).toBe(name);
    expect(error.message).toBe(`${label} cannot be reached`);
    expect(error.cause).toBe(cause);
  });
});
