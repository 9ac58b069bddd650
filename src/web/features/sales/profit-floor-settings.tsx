import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ProfitFloorSettings } from '@shared/contracts/profit-floor';
import { minorDigits } from '@shared/domain/money';
import { moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { basisPointsText, parsePercentBasisPoints } from '@shared/domain/profit-floor';
import { localDecimalText, readNumberInput } from '@shared/domain/typed-decimal';
import { SaveOutcome } from '@/components/save-outcome';
import { SelectField } from '@/components/select-field';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useProfitFloorSettings, useSaveProfitFloorSettings } from '@/entities/profit-floor/use-profit-floor';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { tell } from '@/lib/told';

/**
 * The currencies the settings may be in: the seller's (their region's), and the one they are saved in when
 * it is another (saved before the seller moved), so it is shown as it is and can be changed; never a list of others.
 */
/** What the usual shipping cost does when left at 0 (decision 182): a sale's shipping cost is what its buyer paid. */
const usualShippingHint = 'At 0, a sale counts what its buyer paid for shipping as your postage, not as profit.';

const currencyChoices = (seller: string | undefined, saved: string): string[] => [...new Set([seller ?? saved, saved])];

interface Draft {
  currency: string;
  shipping: string;
  kind: 'amount' | 'percent';
  margin: string;
}

const draftOf = (settings: ProfitFloorSettings): Draft => ({
  currency: settings.currency,
  shipping: moneyInputText(settings.shippingCost),
  kind: settings.minimumMargin.kind,
  margin:
    settings.minimumMargin.kind === 'amount'
      ? moneyInputText(settings.minimumMargin.amount)
      : localDecimalText(basisPointsText(settings.minimumMargin.basisPoints)),
});

const amountMessage = (currency: string) =>
  minorDigits(currency) === 0
    ? `A whole amount of ${currency}, 0 or more`
    : `An amount of ${currency} with at most ${minorDigits(currency)} decimals, 0 or more`;

/** An amount typed in the seller's locale, 0 when empty; null when it is no amount of the currency, 0 or more. */
function amountOrZero(text: string, currency: string) {
  const read = readMoneyInput(text, currency);
  return read.ok ? (read.value ?? { amountMinor: 0, currency }) : null;
}

/** The draft as settings, or the field that is wrong and why. */
function settingsOf(
  draft: Draft,
): { ok: true; settings: ProfitFloorSettings } | { ok: false; field: 'shipping' | 'margin'; error: string } {
  const shipping = amountOrZero(draft.shipping, draft.currency);
  if (!shipping) return { ok: false, field: 'shipping', error: amountMessage(draft.currency) };
  if (draft.kind === 'percent') {
    const typed = readNumberInput(draft.margin, 2);
    const basisPoints = typed.ok ? parsePercentBasisPoints(typed.value ?? '0') : null;
    if (basisPoints === null || basisPoints > 9000)
      return { ok: false, field: 'margin', error: 'A percent from 0 to 90, with at most two decimals' };
    return { ok: true, settings: { currency: draft.currency, shippingCost: shipping, minimumMargin: { kind: 'percent', basisPoints } } };
  }
  const amount = amountOrZero(draft.margin, draft.currency);
  if (!amount) return { ok: false, field: 'margin', error: amountMessage(draft.currency) };
  return { ok: true, settings: { currency: draft.currency, shippingCost: shipping, minimumMargin: { kind: 'amount', amount } } };
}

/** The form's check: the draft read into settings, or the field that is wrong and why. */
const settingsFields = z
  .object({ currency: z.string(), shipping: z.string(), kind: z.enum(['amount', 'percent']), margin: z.string() })
  .transform((draft, ctx) => {
    const checked = settingsOf(draft);
    if (checked.ok) return checked.settings;
    ctx.addIssue({ code: 'custom', path: [checked.field], message: checked.error });
    return z.NEVER;
  });

/**
 * The seller's profit floor settings (decision 086): what they usually pay to ship an item and the least
 * they want to make on a sale. Every price screen shows the floor these give, per item and channel.
 */
export function ProfitFloorSettingsForm() {
  const settings = useProfitFloorSettings();
  return settings.data ? <SettingsForm settings={settings.data} /> : null;
}

function SettingsForm({ settings }: { settings: ProfitFloorSettings }) {
  const save = useSaveProfitFloorSettings();
  const sellerCurrency = useSellerRegion().data?.currency;
  const { control, register, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(settingsFields),
    defaultValues: draftOf(settings),
  });
  const currency = watch('currency');
  const kind = watch('kind');
  const saved = save.isSuccess && !formState.isDirty;
  const submit = handleSubmit((checked) => tell(save, checked, { onSuccess: (answer) => reset(draftOf(answer)) }));

  return (
    <SettingsCard
      title="Profit floor"
      intro="The least price that covers an item's cost, the marketplace's fees and your shipping, plus your minimum margin. Shown wherever you set a price; a price under it is warned about."
      testId="profit-floor-settings"
    >
      <form
        className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_10rem_minmax(0,1fr)_auto] sm:items-start"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <SelectField label="Currency" {...register('currency')}>
          {currencyChoices(sellerCurrency, settings.currency).map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <MoneyFormField
          control={control}
          name="shipping"
          label={`Usual shipping cost (${currency})`}
          currency={currency}
          hint={usualShippingHint}
        />
        <SelectField label="Minimum margin as" {...register('kind')}>
          <option value="amount">An amount</option>
          <option value="percent">A percent of the price</option>
        </SelectField>
        {kind === 'percent' ? (
          // A percent, not an amount: read in the seller's locale as amounts are ("12,5" in de-DE).
          <TextField
            label="Minimum margin (%)"
            inputMode="decimal"
            autoComplete="off"
            {...register('margin')}
            error={formState.errors.margin?.message}
          />
        ) : (
          <MoneyFormField control={control} name="margin" label={`Minimum margin (${currency})`} currency={currency} />
        )}
        {/* Level with the boxes under their labels: an amount read back makes its field taller. */}
        <Button type="submit" disabled={save.isPending} className="sm:mt-[1.625rem]">
          Save
        </Button>
      </form>
      <SaveOutcome error={save.isError ? save.error.message : null} saved={saved} spaced />
    </SettingsCard>
  );
}
