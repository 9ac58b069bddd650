import { useState, type FormEvent, type ReactNode } from 'react';
import type { PublishBody } from '@shared/contracts/publish';
import {
  ITEM_SPECIFIC_OPTIONS,
  itemSpecificKeysFor,
  QUICK_EDIT_CONDITIONS,
  SIZE_TYPES,
  STYLES,
  conditionLabel,
  type ItemSpecificKey,
  type QuickEditCondition,
  type SizeType,
} from '@shared/domain/catalog';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { MoneyField } from '@/components/money-field';
import { TextField } from '@/components/text-field';
import { SelectField } from '../form-controls';
import { priceInputMessages } from '@shared/domain/price-input';
import { typedPriceProblem, validatePublishForm, validateSettingsForm, type FormRefusal, type PublishFormValues } from './publish-form';

/** An eBay category the seller can pick by name: the item's, a suggestion for its title, category and brand. */
export interface CategoryOption {
  id: string;
  label: string;
}

const fixedOptions = ITEM_SPECIFIC_OPTIONS as Partial<Record<ItemSpecificKey, readonly string[]>>;

/** The options with the form's category id kept (by its id) when they do not have it. */
const withCurrentCategory = (options: CategoryOption[], id: string) =>
  id.trim() && !options.some((o) => o.id === id.trim()) ? [{ id: id.trim(), label: `eBay category ${id.trim()}` }, ...options] : options;

/** A list with the item's current value kept as an option when the list does not have it. */
const withCurrent = (list: readonly string[], current: string) => (current && !list.includes(current) ? [current, ...list] : list);

/**
 * The expandable Publish Settings form: every field and list. Save keeps what the seller entered
 * (for a later Publish or bulk publish); Publish checks price and category. The eBay category is chosen by name
 * when there are any to choose from; the agreed hint ids (jeans) show only on jeans.
 */
export function PublishSettingsForm({
  sku,
  initial,
  publishing,
  saving,
  reason,
  categoryOptions,
  categoryHint,
  itemCategory = null,
  priceAside,
  priceHint,
  renderFloor,
  onSave,
  onPublish,
}: {
  sku: string;
  initial: PublishFormValues;
  publishing: boolean;
  saving: boolean;
  /** Why Publish opened these settings (say, "Set a price to publish"). */
  reason: string | null;
  categoryOptions: CategoryOption[];
  /** A hint for a typed category id that fits the item's category, or none. */
  categoryHint: string | undefined;
  /** The item's own category (Mens Jeans...): its item specifics when the eBay category chosen is not known by name. */
  itemCategory?: string | null;
  /** Shown under the price and quantity, across the form: the comparables the price can be based on. */
  priceAside?: ReactNode;
  /** Where the prefilled price comes from when it is not the item's own: "Your price list: Mens Jeans $28.00". */
  priceHint?: string;
  /** The profit floor and the profit at the price being typed: a warning under the floor, never a refusal. */
  renderFloor?(typedPrice: string): ReactNode;
  onSave(body: PublishBody): void;
  onPublish(body: PublishBody): void;
}) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // By the price field: more than 2 decimals as the seller types (no more typing fixes it); 0 once they leave it or save.
  const [priceChecked, setPriceChecked] = useState(false);
  const typedPrice = typedPriceProblem(values.price, values.currency);
  const priceError = typedPrice === priceInputMessages.tooPrecise || priceChecked ? typedPrice : null;
  const set = <K extends keyof PublishFormValues>(key: K, value: PublishFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setSpecific = (key: ItemSpecificKey, value: string) =>
    setValues((v) => ({ ...v, itemSpecifics: { ...v.itemSpecifics, [key]: value } }));

  /** A price refusal shows by the price field; any other under the form. */
  function refuse(refusal: FormRefusal) {
    setPriceChecked(true);
    setError(refusal.field === 'price' ? null : refusal.error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validatePublishForm(sent());
    if (!checked.ok) {
      refuse(checked);
      return;
    }
    setError(null);
    onPublish(checked.body);
  }

  function save() {
    const checked = validateSettingsForm(sent());
    if (!checked.ok) {
      refuse(checked);
      return;
    }
    setError(null);
    onSave(checked.body);
  }

  const options = withCurrentCategory(categoryOptions, values.categoryId);
  // Only the item specifics the chosen eBay category has (no Sleeve Length or Collar Style for jeans).
  const chosen = categoryOptions.find((o) => o.id === values.categoryId.trim());
  const specificKeys = itemSpecificKeysFor(chosen && !chosen.label.startsWith('eBay category ') ? chosen.label : itemCategory);
  /** The form as sent: the specifics of other categories are not the seller's answer for this one. */
  const sent = (): PublishFormValues => ({
    ...values,
    itemSpecifics: Object.fromEntries(
      specificKeys.flatMap((key) => (key in values.itemSpecifics ? [[key, values.itemSpecifics[key]]] : [])),
    ),
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={`Publish settings ${sku}`}>
      {reason && <Alert tone="warning">{reason}</Alert>}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <MoneyField
          label={`Price (${values.currency})`}
          currency={values.currency}
          value={values.price}
          onChange={(text) => set('price', text)}
          onBlur={() => setPriceChecked(true)}
          error={priceError}
          hint={priceHint}
          required
        />
        <TextField
          label="Quantity"
          // eslint-disable-next-line no-restricted-syntax -- a whole quantity, not an amount
          type="number"
          inputMode="numeric"
          step={1}
          min={1}
          value={values.quantity}
          onChange={(e) => set('quantity', e.target.value)}
        />
        {renderFloor && <div className="sm:col-span-2">{renderFloor(values.price)}</div>}
        {priceAside && <div className="sm:col-span-2">{priceAside}</div>}
        <SelectField label="Condition" value={values.condition} onChange={(e) => set('condition', e.target.value as QuickEditCondition)}>
          {QUICK_EDIT_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {conditionLabel(c)}
            </option>
          ))}
        </SelectField>
        {options.length > 0 ? (
          <SelectField label="eBay category" value={values.categoryId} onChange={(e) => set('categoryId', e.target.value)} required>
            <option value="">Choose…</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label="eBay category id"
            inputMode="numeric"
            value={values.categoryId}
            onChange={(e) => set('categoryId', e.target.value)}
            hint={categoryHint}
            required
          />
        )}
        <SelectField label="Size type" value={values.sizeType} onChange={(e) => set('sizeType', e.target.value as SizeType)}>
          {SIZE_TYPES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
        <TextField label="Size" value={values.size} onChange={(e) => set('size', e.target.value)} maxLength={50} />
        <TextField label="Brand" value={values.brand} onChange={(e) => set('brand', e.target.value)} maxLength={50} />
        <TextField label="Color" value={values.color} onChange={(e) => set('color', e.target.value)} maxLength={50} />
        <SelectField label="Style" value={values.style} onChange={(e) => set('style', e.target.value)}>
          <option value="">—</option>
          {withCurrent(STYLES, values.style).map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Item specifics</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 [&>*]:min-w-0">
          {specificKeys.map((key) => {
            const options = fixedOptions[key];
            const value = values.itemSpecifics[key] ?? '';
            return options ? (
              <SelectField key={key} label={key} value={value} onChange={(e) => setSpecific(key, e.target.value)}>
                <option value="">—</option>
                {withCurrent(options, value).map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </SelectField>
            ) : (
              <TextField key={key} label={key} value={value} onChange={(e) => setSpecific(key, e.target.value)} maxLength={50} />
            );
          })}
        </div>
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" loading={saving} disabled={publishing} onClick={save}>
          Save
        </Button>
        <Button type="submit" variant="success" loading={publishing} disabled={saving}>
          Publish to eBay
        </Button>
      </div>
    </form>
  );
}
