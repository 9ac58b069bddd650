import { describe, expect, it } from 'vitest';
import { saleProfit, type ProfitInputs } from './profit';

/** A £20.00 sale on Depop whose buyer paid £3.20 shipping; fees £2.32 in, the item cost £5.00, no shipping cost entered. */
const depopSale: ProfitInputs = {
  priceMinor: 2_000,
  shippingChargedMinor: 320,
  feesMinor: 232,
  shippingCostMinor: null,
  unitCostMinor: 500,
  quantity: 1,
};

describe('the shipping a sale counts (decision 182)', () => {
  it('with no usual shipping cost set, counts the shipping the buyer paid as the postage: it is not profit', () => {
    const profit = saleProfit(depopSale, { fees: null, usualShippingMinor: 0 });
    expect(profit).toMatchObject({ profitMinor: 2_000 - 232 - 500, shippingCostMinor: 320, shippingCostEstimated: true });
  });

  it('does the same when no usual shipping cost is known in the sale’s currency', () => {
    expect(saleProfit(depopSale, { fees: null, usualShippingMinor: null }).profitMinor).toBe(2_000 - 232 - 500);
  });

  it('counts the usual shipping cost, once set, in place of what the buyer paid', () => {
    const profit = saleProfit(depopSale, { fees: null, usualShippingMinor: 350 });
    expect(profit).toMatchObject({ profitMinor: 2_000 + 320 - 232 - 350 - 500, shippingCostMinor: 350, shippingCostEstimated: true });
  });

  it('counts the shipping cost the seller entered on the sale, 0 included, over any estimate', () => {
    expect(saleProfit({ ...depopSale, shippingCostMinor: 0 }, { fees: null, usualShippingMinor: 350 })).toMatchObject({
      profitMinor: 2_000 + 320 - 232 - 500,
      shippingCostMinor: 0,
      shippingCostEstimated: false,
    });
  });
});
