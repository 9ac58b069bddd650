import { useState, type FormEvent } from 'react';
import { ebayMessages, returnPeriods } from '@shared/contracts/ebay';
import { money, toDecimalString } from '@shared/domain/money';
import { moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { regionWords } from '@shared/domain/region-words';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Sheet, SheetHeader } from '@/components/sheet';
import { Spinner } from '@/components/spinner';
import { MoneyField } from '@/components/money-field';
import { useToast } from '@/components/toast';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { useCreatePolicies, useShippingServices } from './api/ebay-account';
import { SelectField } from './form-controls';

export const createPoliciesConfirmation =
  'This creates new Payment, Fulfillment and Return policies on your eBay account and uses them for your listings.';

/** Create Policies: the seller picks handling time, a shipping service (from eBay's Metadata API), its cost and returns. */
export function CreatePoliciesSheet({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const services = useShippingServices(open);
  const create = useCreatePolicies();
  // The shipping cost is in the currency of the seller's eBay marketplace (decision 102).
  const region = useSellerRegion().data;
  const currency = region?.currency ?? 'USD';
  // "Postage" to a UK seller, "Shipping" to a US one.
  const shipping = regionWords(region?.country).shipping;
  const notify = useToast();
  const [handlingTimeDays, setHandlingTimeDays] = useState(1);
  const [serviceCode, setServiceCode] = useState('');
  const [shippingCost, setShippingCost] = useState(() => moneyInputText(money(599, currency)));
  const [freeShipping, setFreeShipping] = useState(false);
  const [returnPeriodDays, setReturnPeriodDays] = useState<(typeof returnPeriods)[number]>(30);
  const chosenService = serviceCode || services.data?.services[0]?.code || '';
  const typedCost = readMoneyInput(shippingCost, currency);
  // What the server takes: "5.99", up to 99999.99 (createPoliciesBody).
  const costText = typedCost.ok && typedCost.value ? toDecimalString(typedCost.value) : null;
  const costValid = freeShipping || (costText !== null && /^\d{1,5}(\.\d{1,2})?$/.test(costText));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosenService || !costValid) return;
    create.mutate(
      {
        handlingTimeDays,
        shippingServiceCode: chosenService,
        shippingCost: freeShipping || costText === null ? '0' : costText,
        freeShipping,
        returnPeriodDays,
      },
      {
        onSuccess: () => {
          notify('success', 'Business policies created successfully');
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined}>
      <SheetHeader title="Create Policies" description={createPoliciesConfirmation} />
      <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6">
          {services.isPending ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Loading {shipping.toLowerCase()} services from eBay...
            </p>
          ) : services.isError ? (
            <Alert tone="error">{services.error.message}</Alert>
          ) : (
            <SelectField label={`${shipping} service`} value={chosenService} onChange={(e) => setServiceCode(e.target.value)}>
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
              checked={freeShipping}
              onChange={(e) => setFreeShipping(e.target.checked)}
            />
            Free {shipping.toLowerCase()}
          </label>
          {!freeShipping && (
            <MoneyField
              label={`${shipping} cost (${currency})`}
              currency={currency}
              value={shippingCost}
              onChange={(text) => setShippingCost(text)}
              error={costValid ? null : 'Enter an amount like 5.99'}
            />
          )}
          <SelectField label="Handling time" value={handlingTimeDays} onChange={(e) => setHandlingTimeDays(Number(e.target.value))}>
            {[0, 1, 2, 3, 4, 5, 10].map((d) => (
              <option key={d} value={d}>
                {d === 0 ? 'Same business day' : `${d} business day${d === 1 ? '' : 's'}`}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Returns"
            value={returnPeriodDays}
            onChange={(e) => setReturnPeriodDays(Number(e.target.value) as (typeof returnPeriods)[number])}
          >
            {returnPeriods.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? 'No returns' : `${d} days, buyer pays return ${shipping.toLowerCase()}`}
              </option>
            ))}
          </SelectField>
          {create.isError && (
            <Alert tone="error">
              {create.error.message.startsWith(ebayMessages.createPoliciesFailed)
                ? create.error.message
                : `${ebayMessages.createPoliciesFailed}: ${create.error.message}`}
            </Alert>
          )}
        </div>
        <footer className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end sm:px-6">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!chosenService || !costValid}>
            Create Policies
          </Button>
        </footer>
      </form>
    </Sheet>
  );
}
