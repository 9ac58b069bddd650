import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelFloor } from '@shared/contracts/profit-floor';
import { setMoneyLocale } from '@shared/domain/money';
import { feesBasisText } from './floor-figures';

afterEach(() => setMoneyLocale('en-US'));

const published = { label: 'eBay', fees: { basis: 'published', checkedOn: '2026-11-27' } } as unknown as ChannelFloor;

describe('where the fees come from', () => {
  it("says the day the published fees were checked in the seller's order, never moved by a time zone", () => {
    setMoneyLocale('en-US');
    expect(feesBasisText(published)).toBe("eBay's published fees, an estimate (checked Nov 27, 2026)");
    setMoneyLocale('de-DE');
    expect(feesBasisText(published)).toBe("eBay's published fees, an estimate (checked 27 Nov 2026)");
  });
});
