import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ListedItem } from '@shared/contracts/items';
import { moneyInputSchema } from '@shared/contracts/money';
import { quickFixBody, type QuickFixBody, type ReadinessResponse } from '@shared/contracts/publish';
import type { Money } from '@shared/domain/money';
import { priceInputMessages, readPriceInput } from '@shared/domain/price-input';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, conditionLabel } from '@shared/domain/catalog';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { SelectField } from '@/components/select-field';
import { priceText, publishPriceOf } from './publish-form';
import { QuickFixPrice } from './quick-fix-price';
import { QuickFixPackage, emptyPackageInput, readPackageInput } from './quick-fix-package';

export const quickFixMessages = { saved: 'Item updated successfully!', failed: 'Failed to update item.' } as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' => list.find((entry) => entry === value) ?? '';

/** What Apply Quick Fix saves: the quick fix's fields, and a new price (saved as Publish Settings saves it) or null. */
export interface QuickFixChange {
  fix: QuickFixBody;
  price: Money | null;
}

/** The form as typed: a list left at "Choose…" is '', the price and the parcel text, the aspects by their names. */
const quickFixDraft = z.object({
  category: z.union([z.literal(''), quickFixBody.shape.category.unwrap()]),
  condition: z.union([z.literal(''), quickFixBody.shape.condition.unwrap()]),
  price: z.string(),
  categoryId: z.string(),
  // One value keyed by the aspects' own names (a name may hold a dot, which a field's path would read as a step).
  aspects: z.record(z.string(), z.string()),
  package: z.object({
    weight: z.string(),
    weightUnit: z.enum(['OUNCE', 'POUND']),
    length: z.string(),
    width: z.string(),
    height: z.string(),
  }),
});
type QuickFixDraft = z.input<typeof quickFixDraft>;

/**
 * The form's check: the price read as Publish Settings reads it, the parcel as eBay takes it, then the quick fix as
 * the contract's `quickFixBody` (only what changed is sent) with the price the seller typed, or null when they left it
 * alone (`initialPrice`: an event moving the item's price while the form is open must not make the untouched field
 * look typed). Before Apply is first tapped (`applied`) only a price finer than the currency is said, as it is typed.
 */
function quickFixFields(item: ListedItem, initialPrice: string, applied: () => boolean) {
  return quickFixDraft
    .transform((draft, ctx): { fix: z.input<typeof quickFixBody>; price: Money | null } => {
      const price = readPriceInput(draft.price, item.currency);
      const parcel = readPackageInput(draft.package);
      if (!applied()) {
        if (!price.ok && price.message === priceInputMessages.tooPrecise) {
          ctx.addIssue({ code: 'custom', path: ['price'], message: price.message });
          return z.NEVER;
        }
        // Nothing is sent before Apply (which checks all of it): the rest is said once it is tapped.
        return { fix: {}, price: null };
      }
      if (!price.ok) ctx.addIssue({ code: 'custom', path: ['price'], message: price.message });
      if (!parcel.ok) ctx.addIssue({ code: 'custom', path: ['package'], message: parcel.message });
      if (!price.ok || !parcel.ok) return z.NEVER;
      const filled = Object.fromEntries(Object.entries(draft.aspects).filter(([, v]) => v.trim()));
      return {
        fix: {
          ...(draft.category && draft.category !== item.category ? { category: draft.category } : {}),
          ...(draft.condition && draft.condition !== item.condition ? { condition: draft.condition } : {}),
          ...(draft.categoryId ? { categoryId: draft.categoryId } : {}),
          ...(Object.keys(filled).length ? { aspects: filled } : {}),
          ...(parcel.value ? { package: parcel.value } : {}),
        },
        price: draft.price !== initialPrice ? price.value : null,
      };
    })
    .pipe(z.object({ fix: quickFixBody, price: moneyInputSchema.nullable() }));
}

/**
 * Quick Fix: category from the agreed list, condition from the quick-edit list, the price (with the comparables' and
 * the seller's list price to tap), eBay's category and missing aspects.
 */
export function QuickFixForm({
  item,
  readiness,
  saving,
  error,
  onSave,
}: {
  item: ListedItem;
  readiness: ReadinessResponse;
  saving: boolean;
  error: string | null;
  onSave(change: QuickFixChange): void;
}) {
  // The price the form opened with: an event that moves the item's price while the form is open (its listing's
  // price recomputed) must not make an untouched field look typed, or Apply would save it as the seller's own price.
  const [initialPrice] = useState(() => priceText(publishPriceOf(item)));
  // Apply was tapped: from then on every problem is said, as the seller fixes it.
  const applied = useRef(false);
  const { control, register, handleSubmit, setValue, formState } = useForm<QuickFixDraft, unknown, QuickFixChange>({
    resolver: zodResolver(quickFixFields(item, initialPrice, () => applied.current)),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: {
      category: oneOf(CATEGORIES, item.category),
      condition: oneOf(QUICK_EDIT_CONDITIONS, item.condition),
      price: initialPrice,
      categoryId: '',
      aspects: {},
      package: emptyPackageInput,
    },
  });
  const { field: aspects } = useController({ control, name: 'aspects' });
  const { field: parcel } = useController({ control, name: 'package' });
  const missingAspects = readiness.preflight.problems.flatMap((p) => (p.aspect ? [p.aspect] : []));
  // Asked for only when eBay needs the parcel (the seller's shipping policy calculates postage).
  const needsPackage = readiness.preflight.problems.some((p) => p.field === 'package');
  // eBay's suggestions come with a category already set too (Publish Settings offers them); Quick Fix asks for one
  // only when the category is what eBay refuses.
  const suggestions = readiness.preflight.problems.some((p) => p.field === 'category') ? readiness.preflight.categorySuggestions : [];
  const setAspect = (name: string, value: string) => aspects.onChange({ ...aspects.value, [name]: value });

  const save = handleSubmit((change) => onSave(change));

  return (
    <form
      className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3"
      onSubmit={(event) => {
        applied.current = true;
        void save(event);
      }}
      aria-label={`Quick fix ${item.sku}`}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <SelectField label="Category" {...register('category')}>
          <option value="">Choose…</option>
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <SelectField label="Condition" {...register('condition')}>
          <option value="">Choose…</option>
          {QUICK_EDIT_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {conditionLabel(c)}
            </option>
          ))}
        </SelectField>
        <QuickFixPrice
          item={item}
          control={control}
          name="price"
          onChoose={(price) => setValue('price', price, { shouldValidate: true, shouldDirty: true })}
        />
        {suggestions.length > 0 && (
          <SelectField label="eBay category" {...register('categoryId')} className="sm:col-span-2">
            <option value="">Choose…</option>
            {suggestions.map((s) => (
              <option key={s.id} value={s.id}>
                {[s.path, s.name].filter(Boolean).join(' > ')} ({s.id})
              </option>
            ))}
          </SelectField>
        )}
        {missingAspects.map((aspect) =>
          aspect.allowedValues.length > 0 ? (
            <SelectField
              key={aspect.name}
              label={aspect.name}
              value={aspects.value[aspect.name] ?? ''}
              onChange={(e) => setAspect(aspect.name, e.target.value)}
            >
              <option value="">Choose…</option>
              {aspect.allowedValues.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </SelectField>
          ) : (
            <TextField
              key={aspect.name}
              label={aspect.name}
              value={aspects.value[aspect.name] ?? ''}
              maxLength={50}
              onChange={(e) => setAspect(aspect.name, e.target.value)}
            />
          ),
        )}
        {needsPackage && (
          <QuickFixPackage value={parcel.value} error={formState.errors.package?.message ?? null} onChange={parcel.onChange} />
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={saving}>
          Apply Quick Fix
        </Button>
      </div>
    </form>
  );
}
