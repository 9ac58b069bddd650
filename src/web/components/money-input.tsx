import { forwardRef, type InputHTMLAttributes } from 'react';
import { currencySymbol, defaultCurrency } from '@shared/domain/money';
import { cn } from '../lib/cn';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> {
  invalid?: boolean;
  /** The amount's currency (ISO 4217): its sign is shown before the field; dollars when not given. */
  currency?: string;
  /** The width of the field (the input fills it). */
  className?: string;
}

/**
 * An amount of money the seller types: its currency's sign before it ("$", "£"), the number keypad on a phone, Enter leaves the field (its
 * onBlur saves). A primitive: parsing and saving are the caller's.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { invalid, currency = defaultCurrency, className, onKeyDown, ...rest },
  ref,
) {
  const symbol = currencySymbol(currency);
  return (
    <div className={cn('relative', className)}>
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden="true">
        {symbol}
      </span>
      <input
        ref={ref}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        aria-invalid={invalid || undefined}
        className={cn(
          'h-11 w-full rounded-xl border bg-white pr-3 text-base text-slate-900 shadow-sm outline-none tabular-nums transition sm:text-sm',
          symbol.length > 1 ? 'pl-12' : 'pl-7',
          'placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100',
          invalid ? 'border-red-400' : 'border-slate-300',
        )}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          onKeyDown?.(e);
        }}
        {...rest}
      />
    </div>
  );
});
