import { useId } from 'react';
import { z } from 'zod';
import { depopOfferRule, type DepopOfferRule } from '@shared/contracts/depop';
import { MAX_OFFER_PERCENT, MIN_OFFER_PERCENT } from '@shared/domain/offer-price';
import { offerPercentShown, typedOfferPercent } from '@shared/domain/typed-offer-percent';
import { Alert } from '@/components/alert';
import { SaveOutcome } from '@/components/save-outcome';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useSavedForm } from '@/lib/forms/use-saved-form';
import { useDepopOfferRule, useSaveDepopOfferRule } from './use-depop-offers';

export const depopOfferRuleWords = {
  heading: 'Offers to likers on Depop',
  intro: 'A like is Depop’s interested buyer. Send each buyer who likes a product an offer below its price.',
  on: 'Send offers to buyers who like a product',
  percentError: `A whole percent from ${MIN_OFFER_PERCENT} (the least Depop takes) to ${MAX_OFFER_PERCENT}`,
  askFirst: 'Ask me first: each offer waits in this week’s plan until I approve it',
  summary: (rule: { enabled: boolean; percent: string; askFirst: boolean }, percent = offerPercentShown(rule.percent)) =>
    !rule.enabled
      ? 'No offer goes to likers.'
      : rule.askFirst
        ? `A liked product gets an offer at ${percent}% off in this week’s plan; it goes to everyone who liked it once you approve it.`
        : `Depop sends an offer at ${percent}% off to each buyer an hour after they like a product (each product on Depop carries it).`,
  floor:
    'Never under each item’s profit floor (its cost, Depop’s fees, your usual shipping and margin): an offer under it is raised to the floor, or not made; an item with no cost entered gets no offer.',
  saved: 'Saved.',
} as const;

const draftOf = (rule: DepopOfferRule) => ({ enabled: rule.enabled, percent: String(rule.percentOff), askFirst: rule.askFirst });

/** The draft as the contract's rule, or the percent refused in the form's words. Read in the seller's locale. */
const ruleFields = z.object({ enabled: z.boolean(), percent: z.string(), askFirst: z.boolean() }).transform((draft, ctx) => {
  const read = depopOfferRule.safeParse({ ...draft, percentOff: typedOfferPercent(draft.percent) });
  if (read.success) return read.data;
  ctx.addIssue({ code: 'custom', path: ['percent'], message: depopOfferRuleWords.percentError });
  return z.NEVER;
});

/** The Depop section's offers to likers: on or off, the percent off, ask first; bounded by the profit floor. */
export function DepopOfferRuleSettings() {
  const rule = useDepopOfferRule();
  if (rule.isError) return <Alert tone="error">Could not read your offers to likers: {rule.error.message}</Alert>;
  return rule.data ? <DepopOfferRuleForm rule={rule.data} /> : null;
}

function DepopOfferRuleForm({ rule }: { rule: DepopOfferRule }) {
  const save = useSaveDepopOfferRule();
  const onId = useId();
  const askFirstId = useId();
  const { register, watch, formState, submit, saved, changed } = useSavedForm({ fields: ruleFields, draft: draftOf(rule), draftOf, save });
  const draft = watch();

  return (
    <div
      className="flex flex-col gap-3 border-t border-slate-100 pt-4"
      role="group"
      aria-labelledby="depop-offer-rule"
      data-testid="depop-offer-rule"
    >
      <div>
        <h3 id="depop-offer-rule" className="text-sm font-semibold text-slate-900">
          {depopOfferRuleWords.heading}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{depopOfferRuleWords.intro}</p>
      </div>
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={onId} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input id={onId} type="checkbox" className="size-5 shrink-0 accent-indigo-600" {...register('enabled', changed)} />
          <span className="font-medium">{depopOfferRuleWords.on}</span>
        </label>
        {draft.enabled && (
          <>
            <div className="w-full sm:w-40">
              <TextField
                label="Percent off"
                inputMode="numeric"
                {...register('percent', changed)}
                error={formState.errors.percent?.message}
              />
            </div>
            <label htmlFor={askFirstId} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input id={askFirstId} type="checkbox" className="size-5 shrink-0 accent-indigo-600" {...register('askFirst', changed)} />
              <span>{depopOfferRuleWords.askFirst}</span>
            </label>
          </>
        )}
        <p className="text-sm text-slate-700" data-testid="depop-offer-rule-summary">
          {depopOfferRuleWords.summary(draft)}
        </p>
        {draft.enabled && <p className="text-xs text-slate-500">{depopOfferRuleWords.floor}</p>}
        <Button type="submit" variant="secondary" className="self-start" loading={save.isPending}>
          Save offers to likers
        </Button>
      </form>
      <SaveOutcome error={save.isError ? save.error.message : null} saved={saved} savedWords={depopOfferRuleWords.saved} />
    </div>
  );
}
