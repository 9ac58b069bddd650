import { brandTypoOf } from '@shared/domain/brand-typo';
import { cn } from '@/lib/cn';

interface BrandTypoNoteProps {
  /** Ties the note to its field (aria-describedby). */
  id: string;
  /** The brand as the seller typed it. */
  typed: string;
  /** The brand the item's labels were read as (labelBrandOf); null: nothing to compare with. */
  read: string | null;
  /** Puts the label's brand into the field (and saves it where the field saves on its own). */
  onUse(brand: string): void;
  className?: string;
}

/**
 * Under a brand field: "The label says Barbour" with "Use Barbour", where the typed brand looks like a slip of the one
 * read on the labels (brandTypoOf, decision 183). It never blocks: the seller may be right.
 */
export function BrandTypoNote({ id, typed, read, onUse, className }: BrandTypoNoteProps) {
  const brand = brandTypoOf(typed, read);
  if (!brand) return null;
  return (
    <div
      id={id}
      data-testid="brand-typo"
      aria-live="polite"
      className={cn('flex flex-wrap items-center gap-x-2 text-xs leading-snug', className)}
    >
      <p className="font-medium text-amber-800">The label says {brand}</p>
      <button
        type="button"
        // Keeps the caret in the field: leaving it would save the slip first, and the two saves could cross.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onUse(brand)}
        className="inline-flex min-h-11 items-center rounded-md px-1 font-semibold text-indigo-700 underline underline-offset-2 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:min-h-6"
      >
        Use {brand}
      </button>
    </div>
  );
}
