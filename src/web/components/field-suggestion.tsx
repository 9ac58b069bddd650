import { cn } from '../lib/cn';

/**
 * Under a field: a warning that what was typed looks like a slip ("The label says Barbour", "Did you mean ...?") and a
 * button that puts the value meant into the field. It never blocks: the seller may be right.
 */
export function FieldSuggestion({
  id,
  testId,
  message,
  value,
  onUse,
  keepFocus = false,
  className,
}: {
  /** Ties the note to its field (aria-describedby). */
  id: string;
  testId: string;
  message: string;
  /** The value meant: the button says "Use" it. */
  value: string;
  onUse(value: string): void;
  /** Keeps the caret in the field on a tap of the button: for a field that saves when it is left. */
  keepFocus?: boolean;
  className?: string;
}) {
  return (
    <div
      id={id}
      data-testid={testId}
      aria-live="polite"
      className={cn('flex flex-wrap items-center gap-x-2 text-xs leading-snug', className)}
    >
      <p className="font-medium text-amber-800">{message}</p>
      <button
        type="button"
        onMouseDown={keepFocus ? (event) => event.preventDefault() : undefined}
        onClick={() => onUse(value)}
        className="inline-flex min-h-11 items-center rounded-md px-1 font-semibold text-indigo-700 underline underline-offset-2 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:min-h-6"
      >
        Use {value}
      </button>
    </div>
  );
}
