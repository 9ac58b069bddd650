import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useBlocker } from 'react-router';
import type { PriceListResponse } from '@shared/contracts/price-list';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, conditionLabel } from '@shared/domain/catalog';
import { conditionPlaceholders, priceListPlaceholders } from '@shared/domain/price-list';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LineList } from '@/components/line-list';
import { PageSpinner } from '@/components/spinner';
import { ViewHeader } from '@/components/view-header';
import { usePriceList, useSavePriceList } from '@/entities/price-list/use-price-list';
import { ApiError } from '@/lib/api-client';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { tell } from '@/lib/told';
import {
  draftFromKept,
  draftOf,
  isKeptInOtherCurrency,
  keptRowsText,
  priceListSchema,
  priceListWords,
  type PriceListDraft,
} from './price-list-form';

/**
 * The seller's own price list: a price per category and a percent per condition, empty until filled in, in
 * the seller's currency. A list kept from another country is shown in its own currency, apart, and prices
 * nothing until the seller saves prices in theirs (decision 126).
 */
export function PriceListView() {
  const list = usePriceList();
  // What the form in the current currency holds typed and not saved, and what a change of currency left behind.
  const typed = useRef<{ currency: string; values: TypedValues | null } | null>(null);
  const [lostIn, setLostIn] = useState<LostTyping | null>(null);
  const currency = list.data?.sellerCurrency;
  useEffect(() => {
    if (!currency) return;
    const before = typed.current;
    if (before && before.currency !== currency) {
      setLostIn(before.values ? { from: before.currency, to: currency, values: before.values } : null);
      typed.current = { currency, values: null };
    } else if (!before) typed.current = { currency, values: null };
  }, [currency]);
  if (list.isError) return <Alert tone="error">{priceListWords.failed}</Alert>;
  if (!list.data) return <PageSpinner />;
  // A new currency (the seller moved country, here or in another tab) starts the form again in it: the list saved in
  // the old one is then shown apart, with the offer to start from its numbers (decision 126); what was typed and not
  // saved is said to be gone, never silently.
  return (
    <PriceListForm
      key={list.data.sellerCurrency}
      list={list.data}
      lostIn={lostIn}
      onTyped={(formCurrency, values) => {
        // A form of another currency than the one followed (the new one mounting first) does not speak for it.
        if (typed.current?.currency === formCurrency) typed.current.values = values;
      }}
    />
  );
}

type TypedValues = Pick<PriceListDraft, 'prices' | 'percents'>;
/** What was typed in the old currency and not saved when the seller's currency changed. */
interface LostTyping {
  from: string;
  to: string;
  values: TypedValues;
}

function PriceListForm({
  list,
  lostIn,
  onTyped,
}: {
  list: PriceListResponse;
  lostIn: LostTyping | null;
  /** The values typed and not saved (null: nothing), on every change. */
  onTyped: (currency: string, values: TypedValues | null) => void;
}) {
  const save = useSavePriceList();
  const id = useId();
  const [draft] = useState(() => draftOf(list));
  const { currency } = draft;
  const saved = isKeptInOtherCurrency(list) ? undefined : list;
  const { control, register, handleSubmit, reset, setError, formState, getValues } = useForm({
    resolver: zodResolver(priceListSchema(currency, conditionLabel, saved)),
    defaultValues: { prices: draft.prices, percents: draft.percents },
  });
  const [refused, setRefused] = useState<string[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const kept = isKeptInOtherCurrency(list) ? list : null;
  const placeholders = priceListPlaceholders(currency);
  const error = serverError;
  const { isDirty } = formState;
  const values = isDirty ? getValues() : null;
  useEffect(() => onTyped(currency, values));
  const [usedTyped, setUsedTyped] = useState(false);
  // Leaving with prices typed and not saved (to change country on Marketplaces, say) asks first; so does a reload.
  const leaving = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  // Each refused field is said and marked on its own; the rest of the list is saved.
  const submit = handleSubmit(({ body, problems }) => {
    setServerError(null);
    for (const problem of problems) setError(problem.field, { type: 'refused', message: problem.error });
    setRefused(problems.map((problem) => problem.error));
    tell(save, body, {
      // What was sent is now what the form started from: leaving after a save asks nothing (the refused stay said).
      onSuccess: () => reset(getValues(), { keepErrors: true }),
      onError: (err) => setServerError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : priceListWords.failed),
    });
  });

  return (
    <div className="mx-auto w-full max-w-2xl">
      <ViewHeader title={priceListWords.title} subtitle={priceListWords.subtitle} />
      <form className="flex flex-col gap-6" noValidate onSubmit={(event) => void submit(event)}>
        {lostIn && !usedTyped && (
          <Alert tone="warning">
            <span data-testid="price-list-typed-lost">{priceListWords.typedInOld(lostIn.from, lostIn.to)}</span>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mt-2 block"
              onClick={() => {
                reset({ prices: lostIn.values.prices, percents: lostIn.values.percents }, { keepDefaultValues: true });
                setUsedTyped(true);
              }}
            >
              {priceListWords.useTypedAs(lostIn.to)}
            </Button>
          </Alert>
        )}
        {lostIn && usedTyped && (
          <Alert tone="info">
            <span data-testid="price-list-typed-used">{priceListWords.typedUsed(lostIn.to)}</span>
          </Alert>
        )}
        {kept && (
          <Alert tone="warning" title={priceListWords.keptTitle(kept.currency)}>
            <div data-testid="price-list-kept">
              <p>{priceListWords.kept(kept.currency, currency)}</p>
              {kept.rows.length > 0 && (
                <>
                  <LineList lines={keptRowsText(kept)} className="mt-2 list-disc pl-5" />
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    className="mt-2"
                    onClick={() => {
                      const from = draftFromKept(kept, currency);
                      reset({ prices: from.prices, percents: from.percents });
                    }}
                  >
                    {priceListWords.startFromKept(currency)}
                  </Button>
                </>
              )}
            </div>
          </Alert>
        )}
        <Card className="p-4 sm:p-6">
          <h2 className="mb-3 text-base font-semibold text-slate-900">{priceListWords.byCategory(currency)}</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {CATEGORIES.map((category) => (
              <li key={category}>
                <MoneyFormField
                  control={control}
                  name={`prices.${category}`}
                  problemSaid="form"
                  id={`${id}-${category.replace(/\W+/g, '-')}`}
                  label={category}
                  layout="inline"
                  currency={currency}
                  placeholder={placeholders[category] ?? ''}
                />
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-4 sm:p-6">
          <h2 className="mb-3 text-base font-semibold text-slate-900">{priceListWords.byCondition}</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {QUICK_EDIT_CONDITIONS.map((condition) => (
              <li key={condition} className="flex items-center justify-between gap-3">
                <label htmlFor={`${id}-${condition}`} className="text-sm font-medium text-slate-700">
                  {conditionLabel(condition)}
                </label>
                <div className="relative w-28 shrink-0">
                  <input
                    id={`${id}-${condition}`}
                    // A percent may be negative (−20 for fair): an iPhone's number pads have no minus key.
                    inputMode="text"
                    autoComplete="off"
                    placeholder={conditionPlaceholders[condition] ?? ''}
                    {...register(`percents.${condition}`)}
                    aria-invalid={formState.errors.percents?.[condition] ? true : undefined}
                    className="h-11 w-full rounded-xl border border-slate-300 bg-white pl-3 pr-7 text-base text-slate-900 shadow-sm outline-none tabular-nums placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:text-sm"
                  />
                  <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500" aria-hidden="true">
                    %
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </Card>
        {refused.length > 0 && (
          <Alert tone="error">
            <LineList lines={refused} data-testid="price-list-refused" />
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {save.isSuccess && !error && <Alert tone="success">{refused.length ? priceListWords.savedExcept : priceListWords.saved}</Alert>}
        <Button type="submit" size="lg" loading={save.isPending} className="self-start">
          {priceListWords.save}
        </Button>
      </form>
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && leaving.state === 'blocked') leaving.reset();
        }}
        title={priceListWords.leaveTitle}
        message={priceListWords.leave}
        confirmLabel={priceListWords.leaveConfirm}
        cancelLabel={priceListWords.stay}
        onConfirm={() => leaving.proceed?.()}
      />
    </div>
  );
}
