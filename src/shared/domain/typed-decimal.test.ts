import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalMarkOf, localDecimalText, readNumberInput, readWholeNumberInput } from './typed-decimal';

const locales = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'ja-JP'] as const;

describe('readNumberInput (a percent, in the seller’s locale)', () => {
  it('reads a percent as typed in the locale, with either decimal mark, and "%"', () => {
    expect(readNumberInput('12,5', 2, 'de-DE')).toEqual({ ok: true, value: '12.5' });
    expect(readNumberInput('12.5', 2, 'de-DE')).toEqual({ ok: true, value: '12.5' });
    expect(readNumberInput('12,5', 2, 'en-US')).toEqual({ ok: true, value: '12.5' });
    expect(readNumberInput('-10 %', 2, 'fr-FR')).toEqual({ ok: true, value: '-10' });
    expect(readNumberInput('−10%', 2, 'en-US')).toEqual({ ok: true, value: '-10' });
    expect(readNumberInput('+5', 2, 'en-US')).toEqual({ ok: true, value: '5' });
    expect(readNumberInput('', 2, 'en-US')).toEqual({ ok: true, value: null });
  });

  it('refuses more decimals than allowed, text that is no number, and a number that could be two', () => {
    expect(readNumberInput('12.555', 2, 'en-US')).toEqual({ ok: false });
    expect(readNumberInput('12,5', 0, 'de-DE')).toEqual({ ok: false });
    expect(readNumberInput('ten', 2, 'en-US')).toEqual({ ok: false });
    // 1234 or 1.234, both whole enough for three decimals: asked of the seller by refusing it.
    expect(readNumberInput('1,234', 3, 'en-US')).toEqual({ ok: false });
    expect(readNumberInput('1,234', 2, 'en-US')).toEqual({ ok: true, value: '1234' });
  });

  it('reads back what it writes in every locale', () => {
    fc.assert(
      fc.property(fc.constantFrom(...locales), fc.integer({ min: -10_000, max: 10_000 }), (locale, hundredths) => {
        const text = (hundredths / 100).toFixed(2);
        expect(readNumberInput(localDecimalText(text, locale), 2, locale)).toEqual({ ok: true, value: text });
      }),
    );
  });

  it('knows each locale’s decimal mark', () => {
    expect(locales.map(decimalMarkOf)).toEqual(['.', '.', ',', ',', ',', ',', ',', '.']);
  });
});

describe('readWholeNumberInput (a whole percent, in the seller’s locale)', () => {
  it('reads "-20", "−20 %" and "+20"; refuses a fraction ("-12,5") and text, says empty when empty', () => {
    expect(readWholeNumberInput('-20', 'de-DE')).toEqual({ kind: 'whole', value: -20 });
    expect(readWholeNumberInput('−20 %', 'de-DE')).toEqual({ kind: 'whole', value: -20 });
    expect(readWholeNumberInput('+20', 'en-US')).toEqual({ kind: 'whole', value: 20 });
    expect(readWholeNumberInput('-12,5', 'de-DE')).toEqual({ kind: 'refused' });
    expect(readWholeNumberInput('12.5', 'en-US')).toEqual({ kind: 'refused' });
    expect(readWholeNumberInput('1e1', 'en-US')).toEqual({ kind: 'refused' });
    expect(readWholeNumberInput('  ', 'en-US')).toEqual({ kind: 'empty' });
  });
});
