import { useEffect, useId, useState } from 'react';
import { CATEGORIES, QUICK_EDIT_CONDITIONS, conditionLabel } from '@shared/domain/catalog';
import { conditionPlaceholders, priceListPlaceholders } from '@shared/domain/price-list';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { MoneyField } from '@/components/money-field';
import { PageSpinner } from '@/components/spinner';
import { ViewHeader } from '@/components/view-header';
import { usePriceList, useSavePriceList } from '@/entities/price-list/use-price-list';
import { ApiError } from '@/lib/api-client';
import {
  bodyOf,
  draftFromKept,
  draftOf,
  isKeptInOtherCurrency,
  keptRowsText,
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
  const save = useSavePriceList();
  const id = useId();
  const [draft, setDraft] = useState<PriceListDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (list.data && !draft) setDraft(draftOf(list.data));
  }, [list.data, draft]);

  if (list.isError) return <Alert tone="error">{priceListWords.failed}</Alert>;
  if (!draft || !list.data) return <PageSpinner />;
  const kept = isKeptInOtherCurrency(list.data) ? list.data : null;
  const placeholders = priceListPlaceholders(draft.currency);

  function submit() {
    setError(null);
    const checked = bodyOf(draft!, conditionLabel);
    if (!checked.ok) return setError(checked.error);
    save.mutate(checked.body, {
      onError: (err) => setError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : priceListWords.failed),
    });
  }

  return (
    <div className="mx-auto w-full max-w-2xl">
      <ViewHeader title={priceListWords.title} subtitle={priceListWords.subtitle} />
      <form
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {kept && (
          <Alert tone="warning" title={priceListWords.keptTitle(kept.currency)}>
            <div data-testid="price-list-kept">
              <p>{priceListWords.kept(kept.currency, draft.currency)}</p>
              {kept.rows.length > 0 && (
                <>
                  <ul className="mt-2 list-disc pl-5">
                    {keptRowsText(kept).map((row) => (
                      <li key={row}>{row}</li>
                    ))}
                  </ul>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    className="mt-2"
                    onClick={() => setDraft(draftFromKept(kept, draft.currency))}
                  >
                    {priceListWords.startFromKept(draft.currency)}
                  </Button>
                </>
              )}
            </div>
          </Alert>
        )}
        <Card className="p-4 sm:p-6">
          <h2 className="mb-3 text-base font-semibold text-slate-900">{priceListWords.byCategory(draft.currency)}</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {CATEGORIES.map((category) => (
              <li key={category}>
                <MoneyField
                  id={`${id}-${category.replace(/\W+/g, '-')}`}
                  label={category}
                  layout="inline"
                  currency={draft.currency}
                  placeholder={placeholders[category] ?? ''}
                  value={draft.prices[category]}
                  onChange={(text) => setDraft({ ...draft, prices: { ...draft.prices, [category]: text } })}
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
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder={conditionPlaceholders[condition] ?? '0'}
                    value={draft.percents[condition]}
                    onChange={(e) => setDraft({ ...draft, percents: { ...draft.percents, [condition]: e.target.value } })}
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
        {error && <Alert tone="error">{error}</Alert>}
        {save.isSuccess && !error && <Alert tone="success">{priceListWords.saved}</Alert>}
        <Button type="submit" size="lg" loading={save.isPending} className="self-start">
          {priceListWords.save}
        </Button>
      </form>
    </div>
  );
}
