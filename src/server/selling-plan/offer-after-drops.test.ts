import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { highestOfferMinor, offerPrice } from '@shared/domain/offer-price';
import { dropPrice, MAX_DROP_BASIS_POINTS, MIN_DROP_BASIS_POINTS } from '@shared/domain/price-drop';
import { clearsFloor, profitAt, type FeeSchedule, type FloorInputs, type MinimumMargin } from '@shared/domain/profit-floor';
import type { PlannedOffer, PlannedOfferPrice } from '../channels/channel-module';
import { offerAfterDrops } from './offer-after-drops';

/**
 * Decision 119: a listing's offer priced from the price its drops due first leave. The offer's pricing is eBay's rule
 * (`offerPrice` at the rule's percent, as the eBay module's `pricedFrom` gives it); the drops are the planner's
 * (`dropPrice`, each from the price the previous one left).
 */
const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);
const ebay: FeeSchedule = {
  currency: 'USD',
  tiers: [
    { fromMinor: 0, ratePpm: 132_500, fixedMinor: 30 },
    { fromMinor: 1001, ratePpm: 132_500, fixedMinor: 40 },
  ],
};
const usd = (costMinor: number, shippingMinor = 0, margin: MinimumMargin = { kind: 'amount', amountMinor: 0 }): FloorInputs => ({
  currency: 'USD',
  costMinor,
  shippingMinor,
  margin,
});

/** The offer eBay's rule plans at `percent` off `listingMinor`, due `dueDay` days after T0; null when it plans none. */
function plannedOffer(listingMinor: number, percent: number, inputs: FloorInputs, schedule: FeeSchedule, dueDay: number) {
  const pricedFrom = (fromMinor: number): PlannedOfferPrice | null => {
    const price = offerPrice(fromMinor, percent, inputs, schedule);
    if (price.kind !== 'offer') return null;
    return {
      from: money(fromMinor, 'USD'),
      price: money(price.priceMinor, 'USD'),
      profit: money(price.profitMinor, 'USD'),
      raisedToFloor: price.raisedToFloor,
    };
  };
  const priced = pricedFrom(listingMinor);
  if (!priced) return null;
  const offer: PlannedOffer = {
    itemId: 'item',
    dueAt: new Date(T0 + dueDay * DAY_MS),
    ...priced,
    floor: null,
    round: 0,
    asksFirst: false,
    ruleSummary: `${percent}% off`,
    pricedFrom,
  };
  return offer;
}

const drop = (step: number, day: number, priceMinor: number) => ({
  kind: 'drop' as const,
  step,
  dueAt: new Date(T0 + day * DAY_MS),
  priceMinor,
});

describe('an offer after the drops due before it (decision 119)', () => {
  it('$30.00 dropped 10% to $27.00 the same day: 10% off $27.00 is $24.30, with its profit', () => {
    const offer = plannedOffer(3000, 10, usd(800), ebay, 0)!;
    expect(offer.price).toEqual(money(2700, 'USD'));
    const after = offerAfterDrops(offer, [drop(0, 0, 2700)], []);
    // $24.30 − 13.25 % ($3.22) − $0.40 − $8.00 = $12.68
    expect(after).toMatchObject({ from: money(2700, 'USD'), price: money(2430, 'USD'), profit: money(1268, 'USD') });
  });

  it('a drop due after the offer, or one the seller rejected, leaves it as planned', () => {
    const offer = plannedOffer(3000, 10, usd(800), ebay, 0)!;
    expect(offerAfterDrops(offer, [drop(0, 1, 2700)], [])).toBe(offer);
    expect(offerAfterDrops(offer, [drop(0, 0, 2700)], [{ kind: 'drop', step: 0, decision: 'rejected' }])).toBe(offer);
  });

  it('none when the dropped price leaves no offer 5% under it that clears the floor', () => {
    // $23.00 cost: an offer of $27.00 on $30.00 clears the floor ($0.02 left), but nothing 5% under $27.00 ($25.65) does.
    const offer = plannedOffer(3000, 10, usd(2300), ebay, 0);
    expect(offer).not.toBeNull();
    expect(offerAfterDrops(offer!, [drop(0, 0, 2700)], [])).toBeNull();
  });

  it('property: any cost, fees, drops and percent: the offer clears the floor, is 5% under every price the listing can have when it goes, in whole minor units', () => {
    const margin = fc.oneof(
      fc.integer({ min: 0, max: 5000 }).map((amountMinor): MinimumMargin => ({ kind: 'amount', amountMinor })),
      fc.integer({ min: 0, max: 5000 }).map((basisPoints): MinimumMargin => ({ kind: 'percent', basisPoints })),
    );
    const steps = fc.array(
      fc.record({ basisPoints: fc.integer({ min: MIN_DROP_BASIS_POINTS, max: MAX_DROP_BASIS_POINTS }), rejected: fc.boolean() }),
      { minLength: 1, maxLength: 3 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 300_000 }),
        fc.integer({ min: 5, max: 90 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 3000 }),
        margin,
        fc.record({ ratePpm: fc.integer({ min: 0, max: 450_000 }), fixedMinor: fc.integer({ min: 0, max: 500 }) }),
        steps,
        fc.integer({ min: 0, max: 3 }),
        (listingMinor, percent, costMinor, shippingMinor, m, s, stepList, offerDay) => {
          const fees: FeeSchedule = { currency: 'USD', tiers: [{ fromMinor: 0, ...s }] };
          const inputs = usd(costMinor, shippingMinor, m);
          const offer = plannedOffer(listingMinor, percent, inputs, fees, offerDay);
          if (!offer) return;
          // The planner's drops: one a day from T0, each off the price the previous one left, stopped at the floor.
          const drops: ReturnType<typeof drop>[] = [];
          let price = listingMinor;
          for (const [step, { basisPoints }] of stepList.entries()) {
            const next = dropPrice(price, basisPoints, inputs, fees);
            if (next.kind !== 'drop') break;
            drops.push(drop(step, step, next.priceMinor));
            price = next.priceMinor;
          }
          const recorded = stepList.map((s, step) => ({
            kind: 'drop' as const,
            step,
            decision: s.rejected ? ('rejected' as const) : ('pending' as const),
          }));
          const after = offerAfterDrops(offer, drops, recorded);
          // Every price the listing can have when the offer goes: now, or what any drop due first (not rejected) leaves.
          const possible = [
            listingMinor,
            ...drops.filter((d) => !stepList[d.step]!.rejected && d.dueAt <= offer.dueAt).map((d) => d.priceMinor),
          ];
          const lowest = Math.min(...possible);
          if (after === null) {
            expect(offerPrice(lowest, percent, inputs, fees).kind).not.toBe('offer');
            return;
          }
          const offered = after.price.amountMinor;
          expect(Number.isSafeInteger(offered)).toBe(true);
          expect(clearsFloor(inputs, fees, offered)).toBe(true);
          for (const listed of possible) expect(offered).toBeLessThanOrEqual(highestOfferMinor(listed));
          expect(offered * 100).toBeLessThanOrEqual(lowest * 95);
          expect(after.from.amountMinor).toBe(lowest);
          expect(after.profit?.amountMinor).toBe(profitAt(inputs, fees, offered));
        },
      ),
      { numRuns: 400 },
    );
  });
});
