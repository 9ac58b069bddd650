import { useEffect, useId, useState } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { brandTypoOf } from '@shared/domain/brand-typo';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, conditionLabel } from '@shared/domain/catalog';
import { BrandTypoNote } from '@/entities/items/brand-typo-note';
import { cn } from '@/lib/cn';

export interface DetailsDraft {
  category: string | null;
  condition: string | null;
  brand: string | null;
}

const fieldClass =
  'h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-2 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 disabled:bg-slate-50 sm:text-sm';

/**
 * The quick row of a card: category and condition from the fixed lists, brand typed. Each change is reported
 * at once (`onChange`, for the generate call) and saved when it is settled (`onSave`: a pick, or leaving the brand).
 * A brand typed as a slip of the one read on the labels is said under the field, with a tap that puts it right.
 */
export function ItemDetailsRow({
  item,
  disabled,
  onChange,
  onSave,
  labelBrand = null,
  className,
}: {
  item: Pick<ListingItem, 'sku' | 'category' | 'condition' | 'brand'>;
  disabled?: boolean;
  onChange(draft: DetailsDraft): void;
  /** Only the field that changed, so two quick picks never undo each other. */
  onSave(change: Partial<DetailsDraft>): void;
  /** The brand the item's labels were read as (labelBrandOf), to say a typed slip of it. */
  labelBrand?: string | null;
  className?: string;
}) {
  // What the seller picked shows at once; each field follows the server only when the server's value changes.
  const [category, setCategory] = useState(item.category);
  const [condition, setCondition] = useState(item.condition);
  const [brand, setBrand] = useState(item.brand ?? '');
  const typoId = useId();
  useEffect(() => setCategory(item.category), [item.category]);
  useEffect(() => setCondition(item.condition), [item.condition]);
  useEffect(() => setBrand(item.brand ?? ''), [item.brand]);
  const current: DetailsDraft = { category, condition, brand: brand.trim() || null };

  function pick(change: Partial<DetailsDraft>) {
    if ('category' in change) setCategory(change.category ?? null);
    if ('condition' in change) setCondition(change.condition ?? null);
    onChange({ ...current, ...change });
    onSave(change);
  }

  return (
    // A row each on a phone, the brand below the two lists on wider screens: three abreast showed "Womens Je", "Abercro".
    <div className={cn('grid grid-cols-1 gap-2 sm:grid-cols-2', className)} data-testid="item-details-row">
      {detailLists.map((list) => (
        <DetailSelect
          key={list.field}
          list={list}
          sku={item.sku}
          value={current[list.field]}
          disabled={disabled}
          onPick={(picked) => pick({ [list.field]: picked })}
        />
      ))}
      <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
        <input
          aria-label={`Brand of ${item.sku}`}
          aria-describedby={brandTypoOf(brand, labelBrand) ? typoId : undefined}
          className={fieldClass}
          placeholder="Brand"
          maxLength={100}
          value={brand}
          disabled={disabled}
          onChange={(e) => {
            setBrand(e.target.value);
            onChange({ ...current, brand: e.target.value.trim() || null });
          }}
          onBlur={() => {
            if ((brand.trim() || null) !== item.brand) onSave({ brand: brand.trim() || null });
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
        />
        <BrandTypoNote
          id={typoId}
          typed={brand}
          read={labelBrand}
          onUse={(fixed) => {
            setBrand(fixed);
            onChange({ ...current, brand: fixed });
            if (fixed !== item.brand) onSave({ brand: fixed });
          }}
        />
      </div>
    </div>
  );
}

/** The row's fixed lists, in order: each names the field it sets, its choices and their words. */
const detailLists = [
  { field: 'category', name: 'Category', choices: CATEGORIES, wordsOf: (choice: string) => choice },
  { field: 'condition', name: 'Condition', choices: QUICK_EDIT_CONDITIONS, wordsOf: conditionLabel },
] as const satisfies ReadonlyArray<{
  field: 'category' | 'condition';
  name: string;
  choices: readonly string[];
  wordsOf(choice: string): string;
}>;

/**
 * One of the row's fixed lists (category, condition), its name as the empty choice; a value from elsewhere that the
 * list lacks stays a choice of its own.
 */
function DetailSelect({
  list: { name, choices, wordsOf },
  sku,
  value,
  disabled,
  onPick,
}: {
  list: { name: string; choices: readonly string[]; wordsOf(choice: string): string };
  sku: string;
  value: string | null;
  disabled: boolean | undefined;
  onPick(value: string | null): void;
}) {
  return (
    <select
      aria-label={`${name} of ${sku}`}
      className={cn(fieldClass, !value && 'text-slate-500')}
      value={value ?? ''}
      disabled={disabled}
      onChange={(e) => onPick(e.target.value || null)}
    >
      <option value="">{name}</option>
      {value && !choices.includes(value) && <option value={value}>{wordsOf(value)}</option>}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {wordsOf(choice)}
        </option>
      ))}
    </select>
  );
}
