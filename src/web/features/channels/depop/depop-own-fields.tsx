import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { DepopAnswersBody, DepopListingPart } from '@shared/contracts/depop';
import { depopProductTypes, depopSizeSetOf, productTypeOf } from '@shared/contracts/depop-taxonomy';
import { formatMoney, parseMoney, type Money } from '@shared/domain/money';
import { moneyInputText } from '@shared/domain/money-input';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { typedAmount } from '@/lib/forms/money-schema';
import { useDepopAnswers } from './use-depop-answers';
import { tell } from '@/lib/told';

export const depopOwnFieldsWords = {
  title: 'Depop’s own fields',
  intro: 'What Depop asks that the item does not tell.',
  productType: 'Product type on Depop',
  chooseType: 'Choose a product type',
  size: 'Size on Depop',
  chooseSize: 'Choose a size',
  shipping: 'Shipping price on Depop',
  shippingHint: 'What a buyer in your country pays; 0 for free shipping.',
  /** With the shop's own shipping price set on the Marketplaces screen (decision 168). */
  shippingShopHint: (price: string) => `Empty: your shop’s ${price} for every item (Marketplaces screen); 0 for free shipping.`,
  save: 'Save Depop’s fields',
  saved: 'Saved.',
  savedLive: 'Saved. The listing on Depop is being updated.',
} as const;

const selectClass =
  'h-11 min-h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm';

interface Draft {
  productType: string;
  sizeId: string;
  shipping: string;
}

/** The form's fields from the item's Depop part: its product type, else the category's; its size while of that type. */
function draftOf(part: DepopListingPart, category: string | null, currency: string): Draft {
  const productType = part.productType ?? productTypeOf(category) ?? '';
  const set = depopSizeSetOf(productType);
  const shipping = part.nationalShipping ? parseMoney(part.nationalShipping, currency) : null;
  return {
    productType,
    sizeId: set && part.sizeSetId === set.id && part.sizeId !== null ? String(part.sizeId) : '',
    shipping: moneyInputText(shipping),
  };
}

/** The form's check: the draft as the answers route's body (an empty choice: none). */
const answersOf = (currency: string) =>
  z
    .object({ productType: z.string(), sizeId: z.string(), shipping: typedAmount(currency) })
    .transform(({ productType, sizeId, shipping }): DepopAnswersBody => {
      const set = depopSizeSetOf(productType);
      const size = set && sizeId ? Number(sizeId) : null;
      return {
        productType: (productType || null) as DepopAnswersBody['productType'],
        sizeSetId: size === null ? null : set!.id,
        sizeId: size,
        nationalShipping: shipping,
      };
    });

/**
 * "Depop's own fields" under the item: what Depop asks that our item does not tell (the product type, first the one
 * the category names; the size, by its label, for a type Depop sizes; the national shipping price in the shop's
 * currency). Saved on the item's Depop listing (a live product is revised to them); the pre-flight's reasons are read again after.
 */
export function DepopOwnFields({
  itemId,
  part,
  category,
  currency,
  live = false,
  shopShipping = null,
}: {
  itemId: string;
  part: DepopListingPart;
  category: string | null;
  currency: string;
  /** Live on Depop: a save revises the product there. */
  live?: boolean;
  /** The shop's shipping price for every item without its own, where the seller set one. */
  shopShipping?: Money | null;
}) {
  const save = useDepopAnswers(itemId);
  const typeId = useId();
  const sizeId = useId();
  const { control, register, handleSubmit, reset, watch, setValue, getValues, formState } = useForm({
    resolver: zodResolver(answersOf(currency)),
    defaultValues: draftOf(part, category, currency),
  });
  const set = depopSizeSetOf(watch('productType'));
  const typeField = register('productType', {
    onChange: () => {
      // A size of another set is no size of this type: chosen again.
      const chosen = Number(getValues('sizeId'));
      const next = depopSizeSetOf(getValues('productType'));
      if (!next?.sizes.some((size) => size.id === chosen)) setValue('sizeId', '');
    },
  });
  const submit = handleSubmit((body) => tell(save, body, { onSuccess: (answer) => reset(draftOf(answer.part, category, currency)) }));

  return (
    <form
      aria-labelledby={`${typeId}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-3"
      data-testid="depop-own-fields"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div>
        <h5 id={`${typeId}-title`} className="text-sm font-semibold text-slate-900">
          {depopOwnFieldsWords.title}
        </h5>
        <p className="text-xs text-slate-500">{depopOwnFieldsWords.intro}</p>
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={typeId} className="text-sm font-medium text-slate-700">
            {depopOwnFieldsWords.productType}
          </label>
          <select id={typeId} className={selectClass} {...typeField}>
            <option value="">{depopOwnFieldsWords.chooseType}</option>
            {depopProductTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        {set && (
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={sizeId} className="text-sm font-medium text-slate-700">
              {depopOwnFieldsWords.size}
            </label>
            <select id={sizeId} className={selectClass} {...register('sizeId')}>
              <option value="">{depopOwnFieldsWords.chooseSize}</option>
              {set.sizes.map((size) => (
                <option key={size.id} value={String(size.id)}>
                  {size.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <MoneyFormField
          control={control}
          name="shipping"
          label={`${depopOwnFieldsWords.shipping} (${currency})`}
          hint={shopShipping ? depopOwnFieldsWords.shippingShopHint(formatMoney(shopShipping)) : depopOwnFieldsWords.shippingHint}
          currency={currency}
        />
      </div>
      {save.isError && <Alert tone="error">Depop’s fields were not saved: {save.error.message}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={save.isPending}>
          {depopOwnFieldsWords.save}
        </Button>
        {save.isSuccess && !formState.isDirty && (
          <p role="status" className="text-sm font-medium text-emerald-700">
            {live ? depopOwnFieldsWords.savedLive : depopOwnFieldsWords.saved}
          </p>
        )}
      </div>
    </form>
  );
}
