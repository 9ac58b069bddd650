import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { createPoliciesBody, ebayMessages, returnPeriods } from '@shared/contracts/ebay';
import { money, toDecimalString } from '@shared/domain/money';
import { moneyInputText } from '@shared/domain/money-input';
import { regionWords } from '@shared/domain/region-words';
import { Alert } from '@/components/alert';
import { Sheet, SheetForm, SheetHeader } from '@/components/sheet';
import { Spinner } from '@/components/spinner';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { typedAmount } from '@/lib/forms/money-schema';
import { useCreatePolicies, useShippingServices } from './api/ebay-account';
import { SelectField } from '@/components/select-field';
import { useSaveAndClose } from './save-sheet';

export const createPoliciesConfirmation =
  'This creates new Payment, Fulfillment and Return policies on your eBay account and uses them for your listings.';

const costProblem = 'Enter an amount like 5.99';

/**
 * The sheet's check, as the contract's body (`createPoliciesBody`): the shipping service picked, else eBay's first
 * (`firstService`); the cost typed in the seller's locale, read in the marketplace's `currency` and sent as the decimal
 * the contract takes ("5.99", up to 99999.99), or "0" when shipping is free.
 */
function policiesFields(currency: string, firstService: string) {
  const typed = typedAmount(currency);
  const costOf = (text: string): string | null => {
    const read = typed.safeParse(text);
    const decimal = read.success && read.data ? toDecimalString(read.data) : null;
    return createPoliciesBody.shape.shippingCost.safeParse(decimal).success ? decimal : null;
  };
  return createPoliciesBody
    .extend({
      shippingServiceCode: z
        .string()
        .transform((code) => code || firstService)
        .pipe(createPoliciesBody.shape.shippingServiceCode),
      shippingCost: z.string(),
      // A number from the select, one of the contract's.
      returnPeriodDays: z.number().pipe(createPoliciesBody.shape.returnPeriodDays),
    })
    .refine((draft) => draft.freeShipping || costOf(draft.shippingCost) !== null, {
      path: ['shippingCost'],
      message: costProblem,
      // Said whatever else is wrong (no service while eBay's list loads), as the cost is typed.
      when: () => true,
    })
    .transform((draft) => ({ ...draft, shippingCost: draft.freeShipping ? '0' : (costOf(draft.shippingCost) ?? '0') }))
    .pipe(createPoliciesBody);
}

/** Create Policies: the seller picks handling time, a shipping service (from eBay's Metadata API), its cost and returns. */
export function CreatePoliciesSheet({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  // The shipping cost is in the currency of the seller's eBay marketplace (decision 102), its services that marketplace's.
  const region = useSellerRegion().data;
  const services = useShippingServices(open, region?.ebayMarketplaceId);
  const create = useCreatePolicies();
  const currency = region?.currency ?? 'USD';
  // "Postage" to a UK seller, "Shipping" to a US one.
  const shipping = regionWords(region?.country).shipping;
  const firstService = services.data?.services[0]?.code ?? '';
  const { control, register, handleSubmit, watch, trigger, formState } = useForm({
    resolver: zodResolver(policiesFields(currency, firstService)),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: {
      handlingTimeDays: 1,
      shippingServiceCode: '',
      shippingCost: moneyInputText(money(599, currency)),
      freeShipping: false,
      returnPeriodDays: 30,
    },
  });
  // Checked as it is shown: from the start, and again once eBay's services or the seller's currency are known.
  useEffect(() => void trigger(), [trigger, currency, firstService]);
  // The service picked, else eBay's first (shown picked).
  const { field: service } = useController({ control, name: 'shippingServiceCode' });
  const freeShipping = watch('freeShipping');

  const submit = handleSubmit(useSaveAndClose(create, onOpenChange, 'Business policies created successfully'));

  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined}>
      <SheetHeader title="Create Policies" description={createPoliciesConfirmation} />
      <SheetForm
        onSubmit={(event) => void submit(event)}
        error={
          create.error &&
          (create.error.message.startsWith(ebayMessages.createPoliciesFailed)
            ? create.error.message
            : `${ebayMessages.createPoliciesFailed}: ${create.error.message}`)
        }
        submit="Create Policies"
        pending={create.isPending}
        disabled={!formState.isValid}
        onCancel={() => onOpenChange(false)}
      >
        {services.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading {shipping.toLowerCase()} services from eBay...
          </p>
        ) : services.isError ? (
          <Alert tone="error">{services.error.message}</Alert>
        ) : (
          <SelectField
            label={`${shipping} service`}
            value={service.value || firstService}
            onChange={(e) => service.onChange(e.target.value)}
          >
            {services.data.services.map((s) => (
              <option key={s.code} value={s.code}>
                {s.description}
                {s.minDays !== null && s.maxDays !== null ? ` (${s.minDays}-${s.maxDays} days)` : ''}
              </option>
            ))}
          </SelectField>
        )}
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            className="size-5 rounded border-slate-300 accent-indigo-600"
            {...register('freeShipping', { deps: ['shippingCost'] })}
          />
          Free {shipping.toLowerCase()}
        </label>
        {!freeShipping && (
          <MoneyFormField control={control} name="shippingCost" label={`${shipping} cost (${currency})`} currency={currency} />
        )}
        <SelectField label="Handling time" {...register('handlingTimeDays', { valueAsNumber: true })}>
          {[0, 1, 2, 3, 4, 5, 10].map((d) => (
            <option key={d} value={d}>
              {d === 0 ? 'Same business day' : `${d} business day${d === 1 ? '' : 's'}`}
            </option>
          ))}
        </SelectField>
        <SelectField label="Returns" {...register('returnPeriodDays', { valueAsNumber: true })}>
          {returnPeriods.map((d) => (
            <option key={d} value={d}>
              {d === 0 ? 'No returns' : `${d} days, buyer pays return ${shipping.toLowerCase()}`}
            </option>
          ))}
        </SelectField>
      </SheetForm>
    </Sheet>
  );
}
