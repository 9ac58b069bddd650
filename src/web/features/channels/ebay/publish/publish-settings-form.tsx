import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { publishBody, publishSettingsBody, type PublishBody } from '@shared/contracts/publish';
import {
  ITEM_SPECIFIC_KEYS,
  ITEM_SPECIFIC_OPTIONS,
  itemSpecificKeysFor,
  QUICK_EDIT_CONDITIONS,
  SIZE_TYPES,
  STYLES,
  conditionLabel,
  type ItemSpecificKey,
} from '@shared/domain/catalog';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { SelectField } from '@/components/select-field';
import { priceInputMessages } from '@shared/domain/price-input';
import { contractRefusal, typedPriceProblem, validatePublishForm, validateSettingsForm, type PublishFormValues } from './publish-form';

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

/** The item specifics of the eBay category chosen (no Sleeve Length or Collar Style for jeans). */
function specificKeysOf(categoryOptions: CategoryOption[], categoryId: string, itemCategory: string | null) {
  const chosen = categoryOptions.find((o) => o.id === categoryId.trim());
  return itemSpecificKeysFor(chosen && !chosen.label.startsWith('eBay category ') ? chosen.label : itemCategory);
}

/** The form as the inputs hold it (`PublishFormValues`): text until it is checked. */
const publishDraft = z.object({
  price: z.string(),
  currency: z.string(),
  quantity: z.string(),
  condition: z.enum(QUICK_EDIT_CONDITIONS),
  categoryId: z.string(),
  sizeType: z.enum(SIZE_TYPES),
  size: z.string(),
  brand: z.string(),
  color: z.string(),
  style: z.string(),
  itemSpecifics: z.partialRecord(z.enum(ITEM_SPECIFIC_KEYS), z.string()),
});

/** What the check is asked for: the action tapped (none while the seller types), and whether the price is said yet. */
interface PublishChecks {
  action: 'save' | 'publish' | null;
  /** The seller left the price field, or a Save or Publish was refused: its problem is said. */
  priceChecked: boolean;
}

/**
 * The form's check. The price by its field: more than 2 decimals as the seller types (no more typing fixes it), any
 * other problem once checked. On Save (`validateSettingsForm`: nothing required) or Publish (`validatePublishForm`:
 * price and category, in one message) the body, then the contract's own rules (`publishSettingsBody`, `publishBody`),
 * a refusal other than the price's said under the form (`root`). Only the item specifics of the category chosen are
 * sent: the others are not the seller's answer for it.
 */
function publishSettingsFields(categoryOptions: CategoryOption[], itemCategory: string | null, checks: () => PublishChecks) {
  return publishDraft.transform((draft, ctx): PublishBody => {
    const { action, priceChecked } = checks();
    const problem = typedPriceProblem(draft.price, draft.currency);
    if (problem && (action || priceChecked || problem === priceInputMessages.tooPrecise)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
    }
    // While the seller types only the price is said; the body is read on Save or Publish.
    if (!action) return {};
    const keys = specificKeysOf(categoryOptions, draft.categoryId, itemCategory);
    const values: PublishFormValues = {
      ...draft,
      itemSpecifics: Object.fromEntries(keys.flatMap((key) => (key in draft.itemSpecifics ? [[key, draft.itemSpecifics[key]]] : []))),
    };
    const checked = action === 'publish' ? validatePublishForm(values) : validateSettingsForm(values);
    if (!checked.ok) {
      if (checked.field !== 'price') ctx.addIssue({ code: 'custom', path: ['root'], message: checked.error });
      return z.NEVER;
    }
    const sent = (action === 'publish' ? publishBody : publishSettingsBody).safeParse(checked.body);
    if (sent.success) return sent.data;
    // Said as the server would say it (a quantity above 10,000).
    ctx.addIssue({ code: 'custom', path: ['root'], message: contractRefusal(sent.error) });
    return z.NEVER;
  });
}

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
  const checks = useRef<{ action: PublishChecks['action']; refused: boolean }>({ action: null, refused: false });
  const form = useForm<PublishFormValues, unknown, PublishBody>({
    resolver: zodResolver(
      publishSettingsFields(categoryOptions, itemCategory, (): PublishChecks => ({
        action: checks.current.action,
        priceChecked: checks.current.refused || form.getFieldState('price').isTouched,
      })),
    ),
    // The price is checked as typed and when left.
    mode: 'all',
    shouldFocusError: false,
    defaultValues: initial,
  });
  const { control, register, handleSubmit, watch, formState } = form;
  const values = watch();

  /**
   * Save or Publish: the form checked for it; a refusal is said by the price field, else under the form. One at a
   * time: the check reads the action tapped, so a second tap while the first is checked is let go.
   */
  const run = (action: 'save' | 'publish', send: (body: PublishBody) => void) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (checks.current.action) return;
    checks.current.action = action;
    try {
      await handleSubmit(send, () => {
        checks.current.refused = true;
      })(event);
    } finally {
      checks.current.action = null;
    }
  };
  const publish = run('publish', onPublish);
  const save = run('save', onSave);

  const options = withCurrentCategory(categoryOptions, values.categoryId);
  // Only the item specifics the chosen eBay category has (no Sleeve Length or Collar Style for jeans).
  const specificKeys = specificKeysOf(categoryOptions, values.categoryId, itemCategory);
  const error = formState.errors.root?.message;

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void publish(event)} noValidate aria-label={`Publish settings ${sku}`}>
      {reason && <Alert tone="warning">{reason}</Alert>}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <MoneyFormField
          control={control}
          name="price"
          label={`Price (${values.currency})`}
          currency={values.currency}
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
          {...register('quantity')}
        />
        {renderFloor && <div className="sm:col-span-2">{renderFloor(values.price)}</div>}
        {priceAside && <div className="sm:col-span-2">{priceAside}</div>}
        <SelectField label="Condition" {...register('condition')}>
          {QUICK_EDIT_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {conditionLabel(c)}
            </option>
          ))}
        </SelectField>
        {options.length > 0 ? (
          <SelectField label="eBay category" {...register('categoryId')} required>
            <option value="">Choose…</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField label="eBay category id" inputMode="numeric" {...register('categoryId')} hint={categoryHint} required />
        )}
        <SelectField label="Size type" {...register('sizeType')}>
          {SIZE_TYPES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
        <TextField label="Size" {...register('size')} maxLength={50} />
        <TextField label="Brand" {...register('brand')} maxLength={50} />
        <TextField label="Color" {...register('color')} maxLength={50} />
        <SelectField label="Style" {...register('style')}>
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
              <SelectField key={key} label={key} {...register(`itemSpecifics.${key}`)}>
                <option value="">—</option>
                {withCurrent(options, value).map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </SelectField>
            ) : (
              <TextField key={key} label={key} {...register(`itemSpecifics.${key}`)} maxLength={50} />
            );
          })}
        </div>
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" loading={saving} disabled={publishing} onClick={() => void save()}>
          Save
        </Button>
        <Button type="submit" variant="success" loading={publishing} disabled={saving}>
          Publish to eBay
        </Button>
      </div>
    </form>
  );
}
