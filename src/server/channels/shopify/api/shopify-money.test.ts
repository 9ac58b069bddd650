import { describe, expect, it } from 'vitest';
import { parseShopifyMoney, toShopifyMoney } from './shopify-money';

describe('Shopify money at the boundary', () => {
  it('parses decimal strings exactly into minor units', () => {
    expect(parseShopifyMoney('12.5', 'USD')).toEqual({ amountMinor: 1250, currency: 'USD' });
    expect(parseShopifyMoney('12.50', 'USD').amountMinor).toBe(1250);
    expect(parseShopifyMoney('1200.0', 'USD').amountMinor).toBe(120000);
    expect(parseShopifyMoney('0.29', 'USD').amountMinor).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(parseShopifyMoney('1.005', 'KWD').amountMinor).toBe(1005);
    expect(parseShopifyMoney('1500', 'JPY').amountMinor).toBe(1500);
    expect(parseShopifyMoney('1500.0', 'JPY').amountMinor).toBe(1500);
    expect(parseShopifyMoney('-3.10', 'EUR').amountMinor).toBe(-310);
    expect(parseShopifyMoney('90071992547409.91', 'USD').amountMinor).toBe(9007199254740991);
  });

  it('refuses what is not an exact amount of the currency', () => {
    expect(() => parseShopifyMoney('12.345', 'USD')).toThrow(/finer than/);
    expect(() => parseShopifyMoney('1e3', 'USD')).toThrow(/Not a decimal/);
    expect(() => parseShopifyMoney('', 'USD')).toThrow(/Not a decimal/);
    expect(() => parseShopifyMoney('900719925474099.12', 'USD')).toThrow(/too large/);
  });

  it('writes minor units as Shopify’s Money scalar', () => {
    expect(toShopifyMoney({ amountMinor: 1250, currency: 'USD' })).toBe('12.50');
    expect(toShopifyMoney({ amountMinor: 5, currency: 'USD' })).toBe('0.05');
    expect(toShopifyMoney({ amountMinor: 1500, currency: 'JPY' })).toBe('1500');
    expect(toShopifyMoney({ amountMinor: -310, currency: 'EUR' })).toBe('-3.10');
    expect(toShopifyMoney({ amountMinor: 1005, currency: 'KWD' })).toBe('1.005');
    expect(() => toShopifyMoney({ amountMinor: 12.5, currency: 'USD' })).toThrow();
    for (const amountMinor of [0, 1, 99, 100, 123456789])
      expect(parseShopifyMoney(toShopifyMoney({ amountMinor, currency: 'USD' }), 'USD').amountMinor).toBe(amountMinor);
  });
});
