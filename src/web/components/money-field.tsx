import { forwardRef, useId, type ReactNode } from 'react';
import { currencySymbol, formatMoney, moneyLocale, type Money } from '@shared/domain/money';
import { moneyInputText, readMoneyInput, type MoneyInput } from '@shared/domain/money-input';
import { TextField, type TextFieldProps } from './text-field';

export interface MoneyFieldProps extends Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'value' | 'defaultValue' | 'onChange' | 'sign' | 'children'
> {
  /** The amount's currency (ISO 4217): the item's, the sale's, the seller's. */
  currency: string;
  /** The text as the seller typed it. */
  value: string;
  /** Every change, with what the text says: a Money, null (empty), or why not (a question when it could be two). */
  onChange(text: string, read: MoneyInput): void;
  /** Enter leaves the field (a field saved when left: the cost, a sale's shipping cost). */
  blurOnEnter?: boolean;
  /** The seller tapped one of the two amounts a text could be (a field saved when left saves it then). */
  onChoose?(value: Money): void;
  /** Said under the field after the amount (a field saved when left: "Cost saved"). */
  note?: ReactNode;
}

/**
 * The one field for an amount of money a seller types: a text field (never `type="number"`,
 * whose value the browser reads its own way), the number keypad with the locale's decimal mark, the currency's sign
 * before it. It reads the text in the seller's locale ("39,99" in de-DE) and says back under it the amount read, in
 * the currency ("= 18,50 €"), as they type; a text that could be two amounts is asked about, with each amount to tap
 * (the text is then written the locale's way, which says that amount alone). What the form refuses is its own.
 */
export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(function MoneyField(
  { currency, value, onChange, blurOnEnter = false, onChoose, note, error, onKeyDown, 'aria-describedby': describedBy, ...rest },
  ref,
) {
  const saidId = useId();
  const locale = moneyLocale();
  const read = readMoneyInput(value, currency, locale);
  const choices = !read.ok && read.ambiguous ? read.ambiguous : null;
  const amount = read.ok && !error ? read.value : null;
  const said = choices || amount ? saidId : undefined;
  const question = choices && !read.ok && (
    <div id={saidId} role="group" aria-labelledby={`${saidId}-question`} className="flex flex-col gap-2" data-testid="money-field-question">
      <p id={`${saidId}-question`} className="text-sm font-medium text-amber-800" role="status">
        {read.message}
      </p>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <button
            key={choice.amountMinor}
            type="button"
            className="min-h-11 rounded-full border border-amber-300 bg-white px-4 text-sm font-semibold tabular-nums text-slate-900 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:min-h-9"
            onClick={() => {
              onChange(moneyInputText(choice, locale), { ok: true, value: choice });
              onChoose?.(choice);
            }}
          >
            {formatMoney(choice, locale)}
          </button>
        ))}
      </div>
    </div>
  );
  const below =
    amount || question || note ? (
      <>
        {amount && (
          <p id={saidId} className="text-sm font-medium tabular-nums text-slate-600" data-testid="money-field-amount">
            = {formatMoney(amount, locale)}
          </p>
        )}
        {question}
        {note}
      </>
    ) : undefined;
  return (
    <TextField
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      sign={currencySymbol(currency, locale)}
      value={value}
      error={choices ? null : error}
      aria-describedby={[describedBy, said].filter(Boolean).join(' ') || undefined}
      onChange={(event) => onChange(event.target.value, readMoneyInput(event.target.value, currency, locale))}
      onKeyDown={(event) => {
        if (blurOnEnter && event.key === 'Enter') event.currentTarget.blur();
        onKeyDown?.(event);
      }}
      {...rest}
    >
      {below}
    </TextField>
  );
});
