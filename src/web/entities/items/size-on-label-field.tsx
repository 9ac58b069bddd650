import { cn } from '@/lib/cn';

/** eBay takes an item specific's value of at most 50 characters; the server refuses a longer size (contracts/items). */
export const SIZE_ON_LABEL_MAX = 50;

/** The size as it is sent with a product: trimmed, or none. */
export const sizeOnLabelOf = (typed: string): string | null => typed.trim() || null;

/**
 * "Size on label" (decision 105): the size the seller reads on the label, typed before the product is
 * uploaded, so a size eBay takes none of is asked before any listing is written. The upload dialog asks it under
 * each photo, the camera's batch before its upload.
 */
export function SizeOnLabelField({
  id,
  value,
  onChange,
  label,
  className,
}: {
  id?: string;
  value: string;
  onChange(typed: string): void;
  /** Its accessible name: "Size for photo 1", "Size on label". */
  label: string;
  className?: string;
}) {
  return (
    <input
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={label}
      placeholder="Size on label"
      maxLength={SIZE_ON_LABEL_MAX}
      autoComplete="off"
      spellCheck={false}
      className={cn(
        'h-9 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-100 sm:text-xs',
        className,
      )}
    />
  );
}
