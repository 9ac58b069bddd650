import { describe, expect, it } from 'vitest';
import type { ChannelFloor, ItemProfitFloorResponse } from '@shared/contracts/profit-floor';
import type { SellingPlanRule } from '@shared/contracts/selling-plan';
import { draftOf, ruleOfDraft } from './rule-draft';
import { previewSchedule } from './rule-preview';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
/** Etsy's schedule as the selling-plan server test has it: 9.5% and $0.45 a sale. */
const etsy: ChannelFloor = {
  channel: 'etsy',
  label: 'Etsy',
  fees: {
    basis: 'published',
    schedule: { currency: 'USD', tiers: [{ fromMinor: 0, ratePpm: 95_000, fixedMinor: 45 }] },
    source: 'x',
    checkedOn: '2026-11-01',
    note: '',
  },
  status: 'floor',
  floor: usd(1155),
  breakEven: usd(1155),
  price: usd(4500),
  profit: usd(3027),
  warning: null,
};
const answer = (costMinor: number | null): ItemProfitFloorResponse => ({
  itemId: '6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
  currency: 'USD',
  cost: costMinor === null ? null : usd(costMinor),
  settings: { currency: 'USD', shippingCost: usd(0), minimumMargin: { kind: 'amount', amount: usd(0) } },
  channels: [etsy],
  feesRule: '',
});
const rule = (over: Partial<SellingPlanRule> = {}): SellingPlanRule => ({
  scope: 'all',
  enabled: true,
  dropSteps: [{ afterDays: 14, basisPoints: 1000 }],
  relistAfterDays: null,
  automatic: false,
  ...over,
});

describe('an item’s rule previewed (decision 108)', () => {
  it('prices each drop from the last, with the floor and profit the plan gives ($40.50, profit $26.20), and the relist', () => {
    const steps = previewSchedule(
      answer(1000),
      etsy,
      rule({
        dropSteps: [
          { afterDays: 14, basisPoints: 1000 },
          { afterDays: 28, basisPoints: 1000 },
        ],
        relistAfterDays: 60,
      }),
    );
    expect(steps).toEqual([
      { kind: 'drop', afterDays: 14, price: usd(4050), floor: usd(1155), profit: usd(2620), stoppedAtFloor: false },
      expect.objectContaining({ kind: 'drop', afterDays: 28, price: usd(3645) }),
      expect.objectContaining({ kind: 'relist', afterDays: 60, price: usd(3645) }),
    ]);
  });

  it('stops at the floor, and gives no drop without a cost', () => {
    const [step] = previewSchedule(answer(3500), etsy, rule({ dropSteps: [{ afterDays: 0, basisPoints: 5000 }] }));
    expect(step).toMatchObject({ kind: 'drop', stoppedAtFloor: true });
    expect(previewSchedule(answer(null), etsy, rule())).toEqual([{ kind: 'stop', words: 'No cost entered: no drop below its price' }]);
    expect(previewSchedule(answer(1000), etsy, rule({ enabled: false }))).toEqual([]);
  });

  it('a draft: follow removes the rule, none is a rule that is off, bad figures save nothing', () => {
    const scope = 'item:6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b' as const;
    expect(ruleOfDraft(draftOf(undefined, scope), scope)).toBe('follow');
    expect(ruleOfDraft({ ...draftOf(undefined, scope), mode: 'none' }, scope)).toEqual({
      scope,
      enabled: false,
      dropSteps: [],
      relistAfterDays: null,
      automatic: false,
    });
    expect(ruleOfDraft({ ...draftOf(undefined, 'all'), percent: '60' }, 'all')).toBeNull();
    const saved = rule({ scope: 'etsy', dropSteps: [{ afterDays: 0, basisPoints: 2000 }], relistAfterDays: 30 });
    expect(ruleOfDraft(draftOf(saved, 'etsy'), 'etsy')).toEqual(saved);
  });
});
