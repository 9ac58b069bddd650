import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { depopShopSettingsWords, type DepopShopSettings } from '@shared/contracts/depop';
import { moneyInputText } from '@shared/domain/money-input';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { typedAmount } from '@/lib/forms/money-schema';
import { useDepopShopSettings, useSaveDepopShopSettings } from './use-depop-shop-settings';
import { tell } from '@/lib/told';

/**
 * The Depop section's shipping price for every item (decision 168): what a buyer in the seller's
 * country pays, in the shop's currency, asked once here; an item given its own price under "Depop's own fields" keeps it.
 */
export function DepopShippingDefault() {
  const settings = useDepopShopSettings();
  if (settings.isError) return <Alert tone="error">Could not read your Depop shop’s settings: {settings.error.message}</Alert>;
  const currency = settings.data?.currency;
  return settings.data && currency ? <DepopShippingDefaultForm settings={settings.data} currency={currency} /> : null;
}

function DepopShippingDefaultForm({ settings, currency }: { settings: DepopShopSettings; currency: string }) {
  const save = useSaveDepopShopSettings();
  const headingId = useId();
  const { control, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(z.object({ shipping: typedAmount(currency) })),
    defaultValues: { shipping: moneyInputText(settings.nationalShipping) },
  });
  const submit = handleSubmit(({ shipping }) =>
    tell(save, { nationalShipping: shipping }, { onSuccess: (answer) => reset({ shipping: moneyInputText(answer.nationalShipping) }) }),
  );
  return (
    <form
      className="flex flex-col gap-3 border-t border-slate-100 pt-4"
      aria-labelledby={headingId}
      data-testid="depop-shipping-default"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Shipping on Depop
      </h3>
      <MoneyFormField
        control={control}
        name="shipping"
        label={`${depopShopSettingsWords.label} (${currency})`}
        hint={depopShopSettingsWords.hint}
        currency={currency}
      />
      {save.isError && <Alert tone="error">Not saved: {save.error.message}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Save shipping price
        </Button>
        {save.isSuccess && !formState.isDirty && (
          <p role="status" className="text-sm font-medium text-emerald-700">
            {depopShopSettingsWords.saved}
          </p>
        )}
      </div>
    </form>
  );
}
