import { brandTypoOf } from '@shared/domain/brand-typo';
import { FieldSuggestion } from '@/components/field-suggestion';

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
    <FieldSuggestion
      id={id}
      testId="brand-typo"
      message={`The label says ${brand}`}
      value={brand}
      onUse={onUse}
      // Keeps the caret in the field: leaving it would save the slip first, and the two saves could cross.
      keepFocus
      className={className}
    />
  );
}
