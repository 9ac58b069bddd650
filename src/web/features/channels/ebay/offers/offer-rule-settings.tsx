import { useId } from 'react';
import { z } from 'zod';
import { offerRule, type OfferRuleWire } from '@shared/contracts/ebay-offers';
import type { ProfitFloorSettings } from '@shared/contracts/profit-floor';
import { formatMoney } from '@shared/domain/money';
import { MAX_OFFER_PERCENT, MIN_OFFER_PERCENT } from '@shared/domain/offer-price';
import { basisPointsText } from '@shared/domain/profit-floor';
import { offerPercentShown, typedOfferPercent } from '@shared/domain/typed-offer-percent';
import { SaveOutcome } from '@/components/save-outcome';
import { SelectField } from '@/components/select-field';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useProfitFloorSettings } from '@/entities/profit-floor/use-profit-floor';
import { useSavedForm } from '@/lib/forms/use-saved-form';
import { useOfferRule, useSaveOfferRule } from './api/ebay-offers';

const draftOf = (rule: OfferRuleWire) => ({
  mode: rule.enabled ? ('daily' as const) : ('on-demand' as const),
  percent: String(rule.percentOff),
  days: String(rule.afterDays),
  askFirst: rule.askFirst,
});

const percentError = `A whole percent from ${MIN_OFFER_PERCENT} (the least eBay takes) to ${MAX_OFFER_PERCENT}`;
const daysError = 'A whole number of days from 0 to 365';

/** Digits only, as typed ("0x0A", "1e1" and "10.0" are not 10): the number, else NaN, which no rule takes. */
const wholeNumber = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed) : NaN);

/**
 * The form's check: the draft as the contract's rule, or the first field it refuses (the percent before the days),
 * said in the form's words. The percent is read in the seller's locale.
 */
const offerRuleFields = z
  .object({ mode: z.enum(['on-demand', 'daily']), percent: z.string(), days: z.string(), askFirst: z.boolean() })
  .transform((draft, ctx) => {
    const read = offerRule.safeParse({
      enabled: draft.mode === 'daily',
      percentOff: typedOfferPercent(draft.percent),
      afterDays: wholeNumber(draft.days),
      askFirst: draft.askFirst,
    });
    if (read.success) return read.data;
    const refused = new Set(read.error.issues.map((issue) => issue.path[0]));
    if (refused.has('percentOff')) ctx.addIssue({ code: 'custom', path: ['percent'], message: percentError });
    else ctx.addIssue({ code: 'custom', path: ['days'], message: daysError });
    return z.NEVER;
  });

/** The floor every offer stays above, from the seller's floor settings, in a sentence. */
function floorSentence(settings: ProfitFloorSettings | undefined): string {
  const margin = !settings
    ? 'your minimum margin'
    : settings.minimumMargin.kind === 'amount'
      ? `your minimum margin of ${formatMoney(settings.minimumMargin.amount)}`
      : `your minimum margin of ${basisPointsText(settings.minimumMargin.basisPoints)}% of the price`;
  const shipping = settings ? `your usual shipping of ${formatMoney(settings.shippingCost)}` : 'your usual shipping';
  return `Never under each item's profit floor: its cost, eBay's fees, ${shipping} and ${margin} (your profit floor settings, on the Profit screen). An offer under it is raised to the floor, or not sent; an item with no cost entered gets no offer.`;
}

/**
 * The seller's rule for offers to eBay's interested buyers (decision 087), beside the profit floor that bounds it:
 * on demand (the seller sends each from the listing), or once a day to every listing with interested buyers that has
 * been live for N days, at X % off.
 */
export function OfferRuleSettings() {
  const rule = useOfferRule();
  return rule.data ? <OfferRuleForm rule={rule.data} /> : null;
}

function OfferRuleForm({ rule }: { rule: OfferRuleWire }) {
  const save = useSaveOfferRule();
  const floor = useProfitFloorSettings();
  const askFirstId = useId();
  const { register, watch, formState, submit, saved, changed } = useSavedForm({
    fields: offerRuleFields,
    draft: draftOf(rule),
    draftOf,
    save,
  });
  const draft = watch();
  const { errors } = formState;

  return (
    <SettingsCard
      title="Offers to interested buyers on eBay"
      intro="eBay lets you send a discount to the buyers who watch a listing or left it in their cart. The price you send first from a listing starts at this percent off."
      testId="offer-rule-settings"
    >
      <form
        className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[16rem_9rem_10rem_max-content] sm:items-end sm:justify-start"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <SelectField label="Send offers" {...register('mode', changed)}>
          <option value="on-demand">On demand, from each listing</option>
          <option value="daily">Automatically, once a day</option>
        </SelectField>
        <TextField label="Percent off" inputMode="numeric" {...register('percent', changed)} error={errors.percent?.message} />
        <TextField label="After days listed" inputMode="numeric" {...register('days', changed)} error={errors.days?.message} />
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </form>
      {draft.mode === 'daily' && (
        <label htmlFor={askFirstId} className="mt-3 flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input id={askFirstId} type="checkbox" className="size-5 shrink-0 accent-indigo-600" {...register('askFirst', changed)} />
          <span>
            <span className="font-medium text-slate-900">Ask me first</span>: each offer waits in this week&apos;s plan until I approve it
          </span>
        </label>
      )}
      <p className="mt-3 text-sm text-slate-700" data-testid="offer-rule-summary">
        {draft.mode === 'daily'
          ? draft.askFirst
            ? `Once a day, every listing live for ${draft.days || 'N'} days or more with interested buyers gets an offer at ${offerPercentShown(draft.percent)}% off in this week's plan; only the ones you approve are sent.`
            : `Once a day, every listing live for ${draft.days || 'N'} days or more with interested buyers gets an offer at ${offerPercentShown(draft.percent)}% off.`
          : 'No offer goes out by itself: send each from the listing on the eBay screen.'}{' '}
        eBay&apos;s limits: an offer lasts 4 days on eBay US and UK (2 elsewhere), at least {MIN_OFFER_PERCENT}% off, one at a time on a
        listing.
      </p>
      <p className="mt-1 text-xs text-slate-500" data-testid="offer-rule-floor">
        {floorSentence(floor.data)}
      </p>
      <SaveOutcome error={save.isError ? save.error.message : null} saved={saved} spaced />
    </SettingsCard>
  );
}
