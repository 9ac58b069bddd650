import { describe, expect, it } from 'vitest';
import { preflightScoreOf } from './preflight-score';

describe('pre-flight score', () => {
  it('is red with every refusal named once, whatever else', () => {
    const refusals = ['Add the package weight', 'Add the package weight', 'Choose a condition'];
    expect(preflightScoreOf('eBay', { checked: false, unavailable: 'eBay is down', refusals, advice: ['x'] })).toEqual({
      score: 'red',
      reasons: ['Add the package weight', 'Choose a condition'],
    });
  });

  it('is amber when the rules could not be checked, saying why', () => {
    expect(preflightScoreOf('Etsy', { checked: false, unavailable: 'Could not check against Etsy just now', refusals: [] })).toEqual({
      score: 'amber',
      reasons: ['Could not check against Etsy just now'],
    });
    expect(preflightScoreOf('Etsy', { checked: false, unavailable: null, refusals: [] }).reasons[0]).toMatch(/connect Etsy/);
  });

  it('is amber with advice only, green with nothing left', () => {
    expect(preflightScoreOf('eBay', { checked: true, unavailable: null, refusals: [], advice: ['Add a location'] }).score).toBe('amber');
    expect(preflightScoreOf('eBay', { checked: true, unavailable: null, refusals: [] })).toEqual({ score: 'green', reasons: [] });
  });
});
