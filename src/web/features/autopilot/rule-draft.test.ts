import { describe, expect, it } from 'vitest';
import { describeRule, draftOf, parseDollars, ruleErrors, ruleOf, type RuleDraft } from './rule-draft';

const draft = (over: Partial<RuleDraft> = {}): RuleDraft => ({ channels: ['ebay'], priceBasis: 'ai', percent: '0', floor: '', ...over });

describe('rule drafts', () => {
  it('starts from the saved rule, with only the marketplaces connected now', () => {
    expect(draftOf({ channels: ['ebay', 'etsy'], priceBasis: 'comparables', percent: -10, floor: 15 }, ['ebay'])).toEqual({
      channels: ['ebay'],
      priceBasis: 'comparables',
      percent: '-10',
      floor: '15.00',
    });
  });

  it('turns the typed numbers into the rule the server takes', () => {
    expect(ruleOf(draft({ priceBasis: 'comparables', percent: '+5', floor: '$12.5' }))).toEqual({
      rule: { channels: ['ebay'], priceBasis: 'comparables', percent: 5, floor: 12.5 },
    });
    expect(ruleOf(draft({ percent: '' }))).toEqual({ rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null } });
  });

  it('says what to fix first', () => {
    expect(ruleOf(draft({ channels: [] }))).toEqual({ error: ruleErrors.channels });
    expect(ruleOf(draft({ priceBasis: 'comparables', percent: '-60' }))).toEqual({ error: ruleErrors.percent });
    expect(ruleOf(draft({ priceBasis: 'comparables', percent: '2.5' }))).toEqual({ error: ruleErrors.percent });
    expect(ruleOf(draft({ floor: 'ten' }))).toEqual({ error: ruleErrors.floor });
  });

  it('reads dollars as sellers type them', () => {
    expect(parseDollars('$ 19.99')).toBe(19.99);
    expect(parseDollars('12,5')).toBe(12.5);
    expect(parseDollars('1.999')).toBeNull();
    expect(parseDollars('-3')).toBeNull();
  });

  it('puts the rule in one line', () => {
    expect(describeRule({ priceBasis: 'ai', percent: 0, floor: null })).toBe("At the AI's price");
    expect(describeRule({ priceBasis: 'comparables', percent: -10, floor: 15 })).toBe(
      'At the median of comparable listings minus 10%, never under $15.00',
    );
  });
});
