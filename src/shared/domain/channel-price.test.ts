import { describe, expect, it } from 'vitest';
import { channelPrice, knownChannelPrice, pinnedPriceOf, type ChannelPriceInputs } from './channel-price';
import { money } from './money';

const usd = (minor: number) => money(minor, 'USD');
const item = (prices: Partial<ChannelPriceInputs['item']> = {}): ChannelPriceInputs['item'] => ({
  askingPriceMinor: null,
  aiSuggestedPriceMinor: null,
  currency: 'USD',
  ...prices,
});
const list = { amountMinor: 2200, currency: 'USD' as const, basis: 'Your price list: Mens Jeans $22.00' };

describe('the price a channel gets (decision 121)', () => {
  it("takes the seller's price for the channel over everything else", () => {
    const priced = knownChannelPrice({
      listing: { priceMinor: 5500, currency: 'USD', priceSource: 'seller', status: 'draft' },
      item: item({ askingPriceMinor: 4000, aiSuggestedPriceMinor: 3000 }),
      channelRule: { percent: 10, rounding: 'none' },
      listPrice: list,
    });
    expect(priced).toEqual({ price: usd(5500), source: 'seller', basis: 'Your price for this marketplace' });
  });

  it('takes the seller’s asking price for the item over the AI’s suggestion and the price list, through the channel’s rule', () => {
    const priced = knownChannelPrice({
      listing: null,
      item: item({ askingPriceMinor: 4000, aiSuggestedPriceMinor: 9900 }),
      channelRule: { percent: 10, rounding: 'none' },
      listPrice: list,
    });
    expect(priced).toEqual({ price: usd(4400), source: 'item', basis: 'Your price · +10%' });
  });

  it('keeps the price already decided for a listing until the seller names one; the seller’s price wins over it', () => {
    const decided = {
      priceMinor: 1800,
      currency: 'USD',
      priceSource: 'comparables' as const,
      priceBasis: 'Median of 12 −10%',
      status: 'failed' as const,
    };
    expect(knownChannelPrice({ listing: decided, item: item({ aiSuggestedPriceMinor: 9900 }) })).toMatchObject({
      price: usd(1800),
      source: 'comparables',
      basis: 'Median of 12 −10%',
    });
    expect(knownChannelPrice({ listing: decided, item: item({ askingPriceMinor: 5500 }) })).toMatchObject({
      price: usd(5500),
      source: 'item',
    });
    // The autopilot decides again on each check.
    expect(channelPrice({ listing: decided, item: item(), pricing: { basis: 'comparables', percent: -10 }, redecide: true })).toEqual({
      needs: 'comparables',
    });
  });

  it("a live listing takes the item's new price: a price it merely went out at is not the seller's own", () => {
    for (const priceSource of ['ai', 'price-list', 'comparables', 'item'] as const) {
      const live = { priceMinor: 3800, currency: 'USD', priceSource, status: 'live' as const };
      expect(knownChannelPrice({ listing: live, item: item({ askingPriceMinor: 3450 }) })).toMatchObject({
        price: usd(3450),
        source: 'item',
      });
      expect(pinnedPriceOf(live)).toBeNull();
    }
    // With no asking price it keeps the price it went out at (decided before), not a new suggestion.
    const live = { priceMinor: 3800, currency: 'USD', priceSource: 'ai' as const, status: 'live' as const };
    expect(knownChannelPrice({ listing: live, item: item({ aiSuggestedPriceMinor: 4100 }) })).toMatchObject({ price: usd(3800) });
  });

  it("the seller's own price for the marketplace (set, a planned drop, as imported) stands over the item's price", () => {
    for (const priceSource of ['seller', 'drop', 'import'] as const) {
      const live = { priceMinor: 3200, currency: 'USD', priceSource, status: 'live' as const };
      expect(knownChannelPrice({ listing: live, item: item({ askingPriceMinor: 3450 }) })).toMatchObject({
        price: usd(3200),
        source: priceSource,
      });
    }
  });

  it("prices by the AI's suggestion, else the price list; the comparables only when the path prices by a rule of its own", () => {
    expect(knownChannelPrice({ listing: null, item: item({ aiSuggestedPriceMinor: 3000 }), listPrice: list })).toMatchObject({
      price: usd(3000),
      source: 'ai',
    });
    expect(knownChannelPrice({ listing: null, item: item(), listPrice: list })).toMatchObject({ price: usd(2200), source: 'price-list' });
    expect(channelPrice({ listing: null, item: item() })).toBeNull();
    expect(channelPrice({ listing: null, item: item(), pricing: { basis: 'ai', percent: 5 } })).toEqual({ needs: 'comparables' });
  });

  it("prices by the seller's comparables rule before the price list, asking for the comparables when not given", () => {
    const inputs: ChannelPriceInputs = {
      listing: null,
      item: item({ aiSuggestedPriceMinor: 9900 }),
      pricing: { basis: 'comparables', percent: -10 },
      listPrice: list,
    };
    expect(channelPrice(inputs)).toEqual({ needs: 'comparables' });
    expect(channelPrice({ ...inputs, comparables: { median: usd(2000), basis: 'Median of 12' } })).toEqual({
      price: usd(1800),
      source: 'comparables',
      basis: 'Median of 12 −10%',
    });
    expect(channelPrice({ ...inputs, comparables: null })).toMatchObject({ price: usd(2200), source: 'price-list' });
  });

  it('never takes a price list or comparables in another currency than the item’s', () => {
    const gbpItem = item({ currency: 'GBP' });
    expect(knownChannelPrice({ listing: null, item: gbpItem, listPrice: list })).toBeNull();
    expect(
      channelPrice({
        listing: null,
        item: gbpItem,
        pricing: { basis: 'comparables', percent: 0 },
        comparables: { median: usd(2000), basis: 'x' },
      }),
    ).toBeNull();
  });
});
