import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { bundleSplitRule } from '@shared/contracts/bundles';
import { text } from '@shared/contracts/text';
import type { SoldWithoutCostItem } from '@shared/contracts/what-sells';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { typedAmount } from '@/lib/forms/money-schema';
import { useSaveSoldCosts } from './api/sold-without-cost';
import { SourceChips, useSourceChoice } from './source-chips';
import { tell } from '@/lib/told';

/** The most items one bundle takes (contracts/bundles.ts). */
const MOST_AT_ONCE = 500;

export const soldCostWords = {
  paid: 'What you paid',
  required: 'Type what you paid',
  oneHint: (sku: string) => `For ${sku} alone.`,
  totalHint: (count: number) => `In total, for the ${count} items: it is split over them.`,
  byPriceSold: 'By price sold',
  equally: 'Equally',
  splitHint: 'By price sold: an item that sold for more takes more of the total.',
  mixedCurrencies: 'These were sold in different currencies: select items of one currency to split a cost over them.',
  tooMany: `Select at most ${MOST_AT_ONCE} items at a time.`,
  failed: 'Could not save what you paid. Try again.',
  save: (count: number) => (count === 1 ? 'Save cost' : `Save cost of ${count} items`),
} as const;

const formSchema = (currency: string) =>
  z.object({
    paid: typedAmount(currency, { required: soldCostWords.required }),
    split: bundleSplitRule,
    other: text().trim().max(100, 'At most 100 characters'),
  });

/**
 * What the seller paid for the items selected: one item's cost, or the total of several split over them (a bundle, by
 * the price each sold for or equally), and where they bought them. Items sold in different currencies are refused
 * before anything is sent: a cost is never converted (decision 081).
 */
export function SoldCostForm({ selected, onSaved }: { selected: SoldWithoutCostItem[]; onSaved(count: number): void }) {
  const currencies = new Set(selected.map((item) => item.price.currency));
  const currency = selected[0]?.price.currency ?? 'USD';
  const save = useSaveSoldCosts();
  const sourceChoice = useSourceChoice();
  const { control, register, handleSubmit, formState } = useForm({
    resolver: zodResolver(formSchema(currency)),
    defaultValues: { paid: '', split: 'expected-price' as const, other: '' },
  });
  const one = selected.length === 1 ? selected[0] : undefined;
  const refusal = currencies.size > 1 ? soldCostWords.mixedCurrencies : selected.length > MOST_AT_ONCE ? soldCostWords.tooMany : null;

  const submit = handleSubmit(({ paid, split, other }) => {
    if (refusal) return;
    const source = sourceChoice.sourceWith(other);
    const done = { onSuccess: onSaved };
    if (one) tell(save, { itemId: one.id, cost: paid, source }, done);
    else tell(save, { cost: paid, split, source, itemIds: selected.map((item) => item.id) }, done);
  });

  return (
    <form
      aria-label="Cost of the items selected"
      className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      {/* Side by side on a wide screen: what was paid and how it is split, then where. */}
      <div className="grid gap-4 md:grid-cols-2 md:gap-x-8">
        <div className="flex min-w-0 flex-col gap-4">
          <MoneyFormField
            control={control}
            name="paid"
            label={soldCostWords.paid}
            currency={currency}
            hint={one ? soldCostWords.oneHint(one.sku) : soldCostWords.totalHint(selected.length)}
            fieldClassName="max-w-48"
          />
          {!one && (
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">Split the total</legend>
              <div className="mt-1 flex flex-wrap gap-x-5 text-sm text-slate-800">
                <label className="flex min-h-11 cursor-pointer items-center gap-2 sm:min-h-9">
                  <input type="radio" value="expected-price" className="size-4 accent-indigo-600" {...register('split')} />
                  {soldCostWords.byPriceSold}
                </label>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 sm:min-h-9">
                  <input type="radio" value="equal" className="size-4 accent-indigo-600" {...register('split')} />
                  {soldCostWords.equally}
                </label>
              </div>
              <p className="text-xs text-slate-600">{soldCostWords.splitHint}</p>
            </fieldset>
          )}
        </div>
        <SourceChips
          choice={sourceChoice}
          other={
            <TextField
              label="Where you bought them"
              placeholder="Goodwill Main St"
              maxLength={100}
              fieldClassName="max-w-sm"
              error={formState.errors.other?.message}
              {...register('other')}
            />
          }
        />
      </div>
      {refusal && <Alert tone="warning">{refusal}</Alert>}
      {save.isError && <Alert tone="error">{save.error.message || soldCostWords.failed}</Alert>}
      <Button type="submit" className="self-start" loading={save.isPending}>
        {soldCostWords.save(selected.length)}
      </Button>
    </form>
  );
}
