import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ProfitFloorSettings } from '@shared/contracts/profit-floor';
import { minorDigits } from '@shared/domain/money';
import { moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { basisPointsText, parsePercentBasisPoints } from '@shared/domain/profit-floor';
import { localDecimalText, readNumberInput } from '@shared/domain/typed-decimal';
import { SaveOutcome } from '@/components/save-outcome';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useProfitFloorSettings, useSaveProfitFloorSettings } from '@/entities/profit-floor/use-profit-floor';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { MoneyFormField } from '@/lib/forms/money-form-field';

/**
 * The currencies the settings may be in: the seller's (their region's), and the one they are saved in when
 * it is another (saved before the seller moved), so it is shown as it is and can be changed; never a list of others.
 */
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
  const kindId = useId();
  const currencyId = useId();
  const sellerCurrency = useSellerRegion().data?.currency;
  const { control, register, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(settingsFields),
    defaultValues: draftOf(settings),
  });
  const currency = watch('currency');
  const kind = watch('kind');
  const saved = save.isSuccess && !formState.isDirty;
  const submit = handleSubmit((checked) => save.mutate(checked, { onSuccess: (answer) => reset(draftOf(answer)) }));

  return (
    <section
      aria-labelledby="profit-floor-heading"
      className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5"
      data-testid="profit-floor-settings"
    >
      <h2 id="profit-floor-heading" className="text-base font-semibold text-slate-900">
        Profit floor
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        The least price that covers an item&apos;s cost, the marketplace&apos;s fees and your shipping, plus your minimum margin. Shown
        wherever you set a price; a price under it is warned about.
      </p>
      <form
        className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_10rem_minmax(0,1fr)_auto] sm:items-start"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={currencyId} className="text-sm font-medium text-slate-700">
            Currency
          </label>
          <select
            id={currencyId}
            className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm"
            {...register('currency')}
          >
            {currencyChoices(sellerCurrency, settings.currency).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <MoneyFormField control={control} name="shipping" label={`Usual shipping cost (${currency})`} currency={currency} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={kindId} className="text-sm font-medium text-slate-700">
            Minimum margin as
          </label>
          <select
            id={kindId}
            className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm"
            {...register('kind')}
          >
            <option value="amount">An amount</option>
            <option value="percent">A percent of the price</option>
          </select>
        </div>
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
    </section>
  );
}
