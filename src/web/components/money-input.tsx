import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> {
  invalid?: boolean;
  /** The width of the field (the input fills it). */
  className?: string;
}

/**
 * An amount of dollars the seller types: a "$" before it, the number keypad on a phone, Enter leaves the field (its
 * onBlur saves). A primitive: parsing and saving are the caller's.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { invalid, className, onKeyDown, ...rest },
  ref,
) {
  return (
    <div className={cn('relative', className)}>
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden="true">
        $
      </span>
      <input
        ref={ref}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        aria-invalid={invalid || undefined}
        className={cn(
          'h-11 w-full rounded-xl border bg-white pl-7 pr-3 text-base text-slate-900 shadow-sm outline-none tabular-nums transition sm:text-sm',
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
