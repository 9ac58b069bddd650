import { useState, type FormEvent } from 'react';
import type { ListedItem } from '@shared/contracts/items';
import type { QuickFixBody, ReadinessResponse } from '@shared/contracts/publish';
import type { Money } from '@shared/domain/money';
import { priceInputMessages, readPriceInput } from '@shared/domain/price-input';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, conditionLabel, type Category, type QuickEditCondition } from '@shared/domain/catalog';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { SelectField } from '../form-controls';
import { priceText, publishPriceOf } from './publish-form';
import { QuickFixPrice } from './quick-fix-price';
import { QuickFixPackage, emptyPackageInput, readPackageInput, type PackageInput } from './quick-fix-package';

export const quickFixMessages = { saved: 'Item updated successfully!', failed: 'Failed to update item.' } as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' => list.find((entry) => entry === value) ?? '';

/** What Apply Quick Fix saves: the quick fix's fields, and a new price (saved as Publish Settings saves it) or null. */
export interface QuickFixChange {
  fix: QuickFixBody;
  price: Money | null;
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
  const [price, setPrice] = useState(initialPrice);
  const [priceChecked, setPriceChecked] = useState(false);
  const read = readPriceInput(price, item.currency);
  const priceProblem = read.ok ? null : read.message;
  const [category, setCategory] = useState<Category | ''>(oneOf(CATEGORIES, item.category));
  const [condition, setCondition] = useState<QuickEditCondition | ''>(oneOf(QUICK_EDIT_CONDITIONS, item.condition));
  const [categoryId, setCategoryId] = useState('');
  const [aspects, setAspects] = useState<Record<string, string>>({});
  const missingAspects = readiness.ebay.problems.flatMap((p) => (p.aspect ? [p.aspect] : []));
  // Asked for only when eBay needs the parcel (the seller's shipping policy calculates postage).
  const needsPackage = readiness.ebay.problems.some((p) => p.field === 'package');
  const [parcel, setParcel] = useState<PackageInput>(emptyPackageInput);
  const parcelRead = readPackageInput(parcel);
  const parcelProblem = parcelRead.ok ? null : parcelRead.message;
  // eBay's suggestions come with a category already set too (Publish Settings offers them); Quick Fix asks for one
  // only when the category is what eBay refuses.
  const suggestions = readiness.ebay.problems.some((p) => p.field === 'category') ? readiness.ebay.categorySuggestions : [];

  function save(event: FormEvent) {
    event.preventDefault();
    setPriceChecked(true);
    if (priceProblem || parcelProblem) return;
    const filled = Object.fromEntries(Object.entries(aspects).filter(([, v]) => v.trim()));
    const fix: QuickFixBody = {
      ...(category && category !== item.category ? { category } : {}),
      ...(condition && condition !== item.condition ? { condition } : {}),
      ...(categoryId ? { categoryId } : {}),
      ...(Object.keys(filled).length ? { aspects: filled } : {}),
      ...(parcelRead.ok && parcelRead.value ? { package: parcelRead.value } : {}),
    };
    onSave({ fix, price: read.ok && price !== initialPrice ? read.value : null });
  }

  return (
    <form className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3" onSubmit={save} aria-label={`Quick fix ${item.sku}`}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <SelectField label="Category" value={category} onChange={(e) => setCategory(e.target.value as Category)}>
          <option value="">Choose…</option>
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <SelectField label="Condition" value={condition} onChange={(e) => setCondition(e.target.value as QuickEditCondition)}>
          <option value="">Choose…</option>
          {QUICK_EDIT_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {conditionLabel(c)}
            </option>
          ))}
        </SelectField>
        <QuickFixPrice
          item={item}
          value={price}
          error={priceChecked || priceProblem === priceInputMessages.tooPrecise ? priceProblem : null}
          onChange={setPrice}
        />
        {suggestions.length > 0 && (
          <SelectField label="eBay category" value={categoryId} onChange={(e) => setCategoryId(e.target.value)} className="sm:col-span-2">
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
              value={aspects[aspect.name] ?? ''}
              onChange={(e) => setAspects((a) => ({ ...a, [aspect.name]: e.target.value }))}
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
              value={aspects[aspect.name] ?? ''}
              maxLength={50}
              onChange={(e) => setAspects((a) => ({ ...a, [aspect.name]: e.target.value }))}
            />
          ),
        )}
        {needsPackage && <QuickFixPackage value={parcel} error={priceChecked ? parcelProblem : null} onChange={setParcel} />}
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
