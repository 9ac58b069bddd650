import { z } from 'zod';
import { normaliseSku, skuProblem, skuTypo, type SkuTypo } from '@shared/domain/sku';
import { FieldSuggestion } from '@/components/field-suggestion';
import { cn } from '@/lib/cn';

export interface TypedSkuCheck {
  /** Why the typed SKU cannot be saved (it blocks); null while the field is empty (emptiness is checked on submit). */
  problem: string | null;
  /** A likely typo in a usable SKU, with the SKU meant (it warns, and does not block). */
  typo: SkuTypo | null;
}

/** The shared SKU rule applied as the seller types, for every SKU field. */
export function checkTypedSku(typed: string): TypedSkuCheck {
  if (typed.trim() === '') return { problem: null, typo: null };
  return { problem: skuProblem(typed), typo: skuTypo(typed) };
}

/**
 * A form's SKU read as the server reads it (a zod transform of the contract's `sku` field): a SKU, never empty,
 * upper-cased and trimmed; otherwise the field's problem.
 */
export function submittedSku({ sku }: { sku: string }, ctx: z.RefinementCtx) {
  const problem = skuProblem(sku);
  if (!problem) return { sku: normaliseSku(sku) };
  ctx.addIssue({ code: 'custom', path: ['sku'], message: problem });
  return z.NEVER;
}

interface SkuFieldNoteProps {
  /** Ties the note to its field (aria-describedby). */
  id: string;
  check: TypedSkuCheck;
  /** Puts the SKU meant into the field: the typo's one-tap fix. */
  onFix(sku: string): void;
  className?: string;
}

/** Under a SKU field: why the typed SKU cannot be used, or "Did you mean ...?" with a button that fixes it. */
export function SkuFieldNote({ id, check, onFix, className }: SkuFieldNoteProps) {
  if (check.problem) {
    return (
      <p id={id} data-testid="sku-problem" aria-live="polite" className={cn('text-xs font-medium leading-snug text-red-700', className)}>
        {check.problem}
      </p>
    );
  }
  if (!check.typo) return null;
  const { fix, message } = check.typo;
  return <FieldSuggestion id={id} testId="sku-typo" message={message} value={fix} onUse={onFix} className={className} />;
}
