import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { money, setMoneyLocale } from '@shared/domain/money';
import type { MoneyInput } from '@shared/domain/money-input';
import { MoneyField } from './money-field';

afterEach(() => {
  cleanup();
  setMoneyLocale('en-US');
});

/** A form holding the field's text, as every form does; `seen` gets what each change said. */
function Form({ currency, seen, error }: { currency: string; seen(read: MoneyInput): void; error?: string }) {
  const [text, setText] = useState('');
  return (
    <MoneyField
      label={`Price (${currency})`}
      currency={currency}
      value={text}
      error={error}
      onChange={(next, read) => {
        setText(next);
        seen(read);
      }}
    />
  );
}

const type = (text: string) => fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: text } });

describe('MoneyField', () => {
  it('is a text field with the decimal keypad, never type="number", with the currency’s sign', () => {
    render(<Form currency="GBP" seen={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Price (GBP)' });
    expect(input).not.toHaveProperty('type', 'number');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('£')).toBeTruthy();
  });

  it('says back the amount read, in the currency, as the seller types: "39,99" in en-US is $39.99, and the form gets the Money', () => {
    const seen = vi.fn();
    render(<Form currency="USD" seen={seen} />);
    type('39,99');
    expect(screen.getByTestId('money-field-amount').textContent).toBe('= $39.99');
    expect(seen).toHaveBeenLastCalledWith({ ok: true, value: money(3999) });
    // The amount read is what the field is described by.
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByTestId('money-field-amount').id);
    type('');
    expect(screen.queryByTestId('money-field-amount')).toBeNull();
    expect(seen).toHaveBeenLastCalledWith({ ok: true, value: null });
  });

  it('reads the seller’s locale: "18,50", "18.50" and "18,50 €" are 18,50 € in de-DE, "1.234,50" is 1.234,50 €', () => {
    setMoneyLocale('de-DE');
    const seen = vi.fn();
    render(<Form currency="EUR" seen={seen} />);
    for (const text of ['18,50', '18.50', '18,50 €']) {
      type(text);
      expect(screen.getByTestId('money-field-amount').textContent).toBe('= 18,50\u00a0€');
      expect(seen).toHaveBeenLastCalledWith({ ok: true, value: money(1850, 'EUR') });
    }
    type('1.234,50');
    expect(screen.getByTestId('money-field-amount').textContent).toBe('= 1.234,50\u00a0€');
  });

  it('asks, with both amounts to tap, when the text could be two; the tap writes the amount so it says that one alone', () => {
    const seen = vi.fn();
    render(<Form currency="KWD" seen={seen} />);
    type('1,234');
    const question = screen.getByTestId('money-field-question');
    expect(within(question).getByRole('status').textContent).toBe('“1,234” could be KWD\u00a01,234.000 or KWD\u00a01.234. Which one?');
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ ok: false, ambiguous: [money(1234000, 'KWD'), money(1234, 'KWD')] }));
    expect(screen.queryByTestId('money-field-amount')).toBeNull();
    fireEvent.click(within(question).getByRole('button', { name: 'KWD\u00a01.234' }));
    expect(seen).toHaveBeenLastCalledWith({ ok: true, value: money(1234, 'KWD') });
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1.234');
    expect(screen.queryByTestId('money-field-question')).toBeNull();
    expect(screen.getByTestId('money-field-amount').textContent).toBe('= KWD\u00a01.234');
  });

  it('asks in de-DE too, and the other answer is written "1234,000"', () => {
    setMoneyLocale('de-DE');
    render(<Form currency="KWD" seen={vi.fn()} />);
    type('1.234');
    fireEvent.click(screen.getByRole('button', { name: '1.234,000\u00a0KWD' }));
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1234,000');
    expect(screen.getByTestId('money-field-amount').textContent).toBe('= 1.234,000\u00a0KWD');
  });

  it('shows the form’s own refusal instead of the amount', () => {
    render(<Form currency="USD" seen={vi.fn()} error="Price must be a number above 0" />);
    type('0');
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Price must be a number above 0')).toBeTruthy();
    expect(screen.queryByTestId('money-field-amount')).toBeNull();
  });
});
