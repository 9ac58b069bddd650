import { describe, expect, it } from 'vitest';
import { moneyInputMessages } from '@shared/domain/money-input';
import { typedAmount } from './money-schema';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('typedAmount', () => {
  it('reads the text in the seller’s locale into exact minor units', () => {
    expect(typedAmount('EUR', { locale: 'de-DE' }).parse('39,99')).toEqual({ amountMinor: 3999, currency: 'EUR' });
    expect(typedAmount('EUR', { locale: 'de-DE' }).parse('39.99')).toEqual({ amountMinor: 3999, currency: 'EUR' });
    expect(typedAmount('USD', { locale: 'en-US' }).parse('$1,250.5')).toEqual({ amountMinor: 125050, currency: 'USD' });
    expect(typedAmount('JPY', { locale: 'ja-JP' }).parse('1200')).toEqual({ amountMinor: 1200, currency: 'JPY' });
  });

  it('reads an empty field as none, or refuses it in the form’s words when it is required', () => {
    expect(typedAmount('GBP').parse('  ')).toBeNull();
    expect(issues(typedAmount('GBP', { required: 'Type the price' }).safeParse(''))).toEqual(['Type the price']);
  });

  it('refuses, never guesses: not an amount, another currency, a fraction of a cent, a text read two ways', () => {
    expect(issues(typedAmount('USD', { locale: 'en-US' }).safeParse('abc'))).toEqual([moneyInputMessages.notAmount]);
    expect(issues(typedAmount('EUR', { locale: 'de-DE' }).safeParse('$18'))).toEqual([moneyInputMessages.otherCurrency('EUR')]);
    expect(issues(typedAmount('USD', { locale: 'en-US' }).safeParse('4.555'))).toEqual([moneyInputMessages.tooPrecise('USD')]);
    const twoWays = typedAmount('KWD', { locale: 'en-US' }).safeParse('1,234');
    expect(twoWays.success).toBe(false);
    expect(issues(twoWays)?.[0]).toMatch(/could be .+ or .+\. Which one\?/);
  });
});
