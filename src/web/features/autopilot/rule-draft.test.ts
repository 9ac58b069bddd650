import { describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { describeRule, draftOf, ruleErrors, ruleOf, type RuleDraft } from './rule-draft';

const draft = (over: Partial<RuleDraft> = {}): RuleDraft => ({
  channels: ['ebay'],
  priceBasis: 'ai',
  percent: '0',
  floor: '',
  currency: 'USD',
  ...over,
});

describe('rule drafts', () => {
  it('starts from the saved rule, with only the marketplaces connected now', () => {
    expect(draftOf({ channels: ['ebay', 'etsy'], priceBasis: 'comparables', percent: -10, floor: money(1500) }, ['ebay'])).toEqual({
      channels: ['ebay'],
      priceBasis: 'comparables',
      percent: '-10',
      floor: '15.00',
      currency: 'USD',
    });
    expect(draftOf({ channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: money(1999, 'JPY') }, ['ebay'])).toMatchObject({
      floor: '1999',
      currency: 'JPY',
    });
  });

  it('types the floor in the seller’s currency; a floor saved in another is left to type again, never converted', () => {
    const rule = { channels: ['ebay'] as const, priceBasis: 'ai' as const, percent: 0 };
    expect(draftOf({ ...rule, channels: ['ebay'], floor: null }, ['ebay'], 'GBP')).toMatchObject({ floor: '', currency: 'GBP' });
    expect(draftOf({ ...rule, channels: ['ebay'], floor: money(1500, 'GBP') }, ['ebay'], 'GBP')).toMatchObject({
      floor: '15.00',
      currency: 'GBP',
    });
    expect(draftOf({ ...rule, channels: ['ebay'], floor: money(1500, 'USD') }, ['ebay'], 'GBP')).toMatchObject({
      floor: '',
      currency: 'GBP',
    });
    expect(ruleOf(draft({ floor: '£15', currency: 'GBP' }))).toEqual({
      rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: money(1500, 'GBP') },
    });
  });

  it('turns the typed numbers into the rule the server takes', () => {
    expect(ruleOf(draft({ priceBasis: 'comparables', percent: '+5', floor: '$12.5' }))).toEqual({
      rule: { channels: ['ebay'], priceBasis: 'comparables', percent: 5, floor: money(1250) },
    });
    expect(ruleOf(draft({ percent: '' }))).toEqual({ rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null } });
  });

  it('says what to fix first', () => {
    expect(ruleOf(draft({ channels: [] }))).toEqual({ error: ruleErrors.channels });
    expect(ruleOf(draft({ priceBasis: 'comparables', percent: '-60' }))).toEqual({ error: ruleErrors.percent });
    expect(ruleOf(draft({ priceBasis: 'comparables', percent: '2.5' }))).toEqual({ error: ruleErrors.percent });
    expect(ruleOf(draft({ floor: 'ten' }))).toEqual({ error: ruleErrors.floor });
  });

  it('reads the floor exactly as sellers type it, in its currency; a fraction of a cent is said, never rounded', () => {
    const floorOf = (floor: string, currency = 'USD') => ruleOf(draft({ floor, currency }));
    expect(floorOf('$ 19.99')).toMatchObject({ rule: { floor: money(1999) } });
    expect(floorOf('12,5')).toMatchObject({ rule: { floor: money(1250) } });
    expect(floorOf('£1,250.00', 'GBP')).toMatchObject({ rule: { floor: money(125000, 'GBP') } });
    expect(floorOf('1.999')).toEqual({ error: 'An amount can have at most 2 decimals' });
    expect(floorOf('19.5', 'JPY')).toEqual({ error: 'JPY amounts have no decimals' });
    expect(floorOf('-3')).toEqual({ error: 'An amount cannot be negative' });
  });

  it('puts the rule in one line', () => {
    // What prices a product when the AI gives no price is said too (the price list, then the comparables).
    expect(describeRule({ priceBasis: 'ai', percent: 0, floor: null })).toBe(
      "At the AI's price, else your price list, else the median of comparable listings",
    );
    expect(describeRule({ priceBasis: 'comparables', percent: -10, floor: money(1500) })).toBe(
      'At the median of comparable listings minus 10%, else your price list, never under $15.00',
    );
  });
});
