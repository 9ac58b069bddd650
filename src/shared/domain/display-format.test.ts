import { describe, expect, it } from 'vitest';
import { dateLocale, formatDay, formatMonth, formatNumber } from './display-format';

const sunday = '2026-11-29T10:00:00Z';

describe('dates and numbers in the seller’s locale', () => {
  it('writes a day in English, in the order of the seller’s country', () => {
    expect(formatDay(sunday, { timeZone: 'UTC' }, 'en-US')).toBe('Nov 29');
    expect(formatDay(sunday, { timeZone: 'UTC' }, 'en-GB')).toBe('29 Nov');
    expect(formatDay(sunday, { timeZone: 'UTC' }, 'de-DE')).toBe('29 Nov');
    expect(formatDay(sunday, { timeZone: 'UTC', weekday: true }, 'en-GB')).toBe('Sun 29 Nov');
    expect(formatDay(sunday, { timeZone: 'UTC', year: true }, 'de-DE')).toBe('29 Nov 2026');
    expect(formatMonth(sunday, { month: 'long', timeZone: 'UTC' }, 'de-DE')).toBe('November 2026');
  });

  it('never writes a German month name on an English screen', () => {
    expect(formatDay('2026-10-05T10:00:00Z', { timeZone: 'UTC', year: true }, 'de-DE')).not.toMatch(/Okt/);
    expect(dateLocale('de-DE')).toBe('en-DE');
    expect(dateLocale('not a locale')).toBe('en-US');
  });

  it('writes numbers with the separators the seller’s amounts use', () => {
    expect(formatNumber(1234.5, 1, 'de-DE')).toBe('1.234,5');
    expect(formatNumber(0, 1, 'de-DE')).toBe('0,0');
    expect(formatNumber(1234.5, 1, 'en-GB')).toBe('1,234.5');
    expect(formatNumber(100000, 0, 'en-US')).toBe('100,000');
  });
});
