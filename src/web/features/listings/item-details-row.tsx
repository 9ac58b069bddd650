import { useEffect, useState } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, conditionLabel } from '@shared/domain/catalog';
import { cn } from '../../lib/cn';

export interface DetailsDraft {
  category: string | null;
  condition: string | null;
  brand: string | null;
}

const fieldClass =
  'h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-2.5 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 disabled:bg-slate-50 sm:text-sm';

/**
 * The quick row of a card: category and condition from the spec's lists (§9), brand typed. Each change is reported
 * at once (`onChange`, for the generate call) and saved when it is settled (`onSave`: a pick, or leaving the brand).
 */
export function ItemDetailsRow({
  item,
  disabled,
  onChange,
  onSave,
  className,
}: {
  item: Pick<ListingItem, 'sku' | 'category' | 'condition' | 'brand'>;
  disabled?: boolean;
  onChange(draft: DetailsDraft): void;
  onSave(draft: DetailsDraft): void;
  className?: string;
}) {
  const [brand, setBrand] = useState(item.brand ?? '');
  useEffect(() => setBrand(item.brand ?? ''), [item.brand]);
  const current: DetailsDraft = { category: item.category, condition: item.condition, brand: brand.trim() || null };
  const categories: readonly string[] = CATEGORIES;
  const conditions: readonly string[] = QUICK_EDIT_CONDITIONS;

  function pick(change: Partial<DetailsDraft>) {
    const next = { ...current, ...change };
    onChange(next);
    onSave(next);
  }

  return (
    <div className={cn('grid grid-cols-3 gap-2', className)} data-testid="item-details-row">
      <select
        aria-label={`Category of ${item.sku}`}
        className={cn(fieldClass, !item.category && 'text-slate-500')}
        value={item.category ?? ''}
        disabled={disabled}
        onChange={(e) => pick({ category: e.target.value || null })}
      >
        <option value="">Category</option>
        {item.category && !categories.includes(item.category) && <option value={item.category}>{item.category}</option>}
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <select
        aria-label={`Condition of ${item.sku}`}
        className={cn(fieldClass, !item.condition && 'text-slate-500')}
        value={item.condition ?? ''}
        disabled={disabled}
        onChange={(e) => pick({ condition: e.target.value || null })}
      >
        <option value="">Condition</option>
        {item.condition && !conditions.includes(item.condition) && <option value={item.condition}>{conditionLabel(item.condition)}</option>}
        {QUICK_EDIT_CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {conditionLabel(c)}
          </option>
        ))}
      </select>
      <input
        aria-label={`Brand of ${item.sku}`}
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
          if ((brand.trim() || null) !== item.brand) onSave(current);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
    </div>
  );
}
