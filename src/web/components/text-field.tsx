import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | null;
  /** Wrong, said elsewhere (the form's one message): the field is marked without a message of its own. */
  invalid?: boolean;
  hint?: string;
  /** A sign shown in the field before what is typed: a currency's ("$", "£", "€"). */
  sign?: string;
  /** `inline`: the label beside the field (a row of a list), what the field says under both. */
  layout?: 'stacked' | 'inline';
  labelClassName?: string;
  /** The width of the box typed in, when it is not the field's (`className`). */
  fieldClassName?: string;
  /** The error said as an alert (a field saved when left, with no form to say it). */
  errorRole?: 'alert';
  /** What the field says under its message (the money field's amount read back); name it in `aria-describedby`. */
  children?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    error,
    invalid = false,
    hint,
    sign,
    layout = 'stacked',
    labelClassName,
    fieldClassName,
    errorRole,
    children,
    className,
    id,
    'aria-describedby': describedByMore,
    ...rest
  },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy =
    [error ? `${inputId}-error` : hint ? `${inputId}-hint` : null, describedByMore].filter(Boolean).join(' ') || undefined;
  const inline = layout === 'inline';
  const below = inline ? 'col-span-2 text-right' : null;
  const input = (
    <input
      ref={ref}
      id={inputId}
      aria-invalid={error || invalid ? true : undefined}
      aria-describedby={describedBy}
      className={cn(
        'h-11 w-full rounded-xl border bg-white text-base text-slate-900 shadow-sm outline-none transition sm:text-sm',
        sign ? cn('pr-3 tabular-nums', sign.length > 1 ? 'pl-12' : 'pl-7') : 'px-3.5',
        'placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100',
        error || invalid ? 'border-red-400' : 'border-slate-300',
        sign ? null : fieldClassName,
      )}
      {...rest}
    />
  );
  return (
    <div className={cn(inline ? 'grid grid-cols-[minmax(0,1fr)_7rem] items-center gap-x-3 gap-y-1' : 'flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={labelClassName ?? 'text-sm font-medium text-slate-700'}>
        {label}
      </label>
      {sign ? (
        <div className={cn('relative', fieldClassName)}>
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden="true">
            {sign}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      {error ? (
        <p id={`${inputId}-error`} role={errorRole} className={cn('text-sm text-red-600', below)}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className={cn('text-xs text-slate-500', below)}>
          {hint}
        </p>
      ) : null}
      {children && <div className={cn(below)}>{children}</div>}
    </div>
  );
});
