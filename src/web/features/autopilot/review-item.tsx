import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AutopilotItem, AutopilotReason } from '@shared/contracts/autopilot';
import { webPaths } from '@shared/contracts/web-paths';
import { QUICK_EDIT_CONDITIONS, conditionLabel } from '@shared/domain/catalog';
import { PRODUCT_KINDS, productKindByKey, productKindOf } from '@shared/domain/category-table';
import { channelNames } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { ComparablesDisclosure } from '@/entities/comparables/comparables-panel';
import { MoneyField } from '@/components/money-field';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAutopilotAsks } from './api/get-autopilot-asks';
import { useContinueAutopilotItem } from './api/continue-autopilot-item';
import { FloorNote } from '@/entities/profit-floor/floor-note';
import { AspectValueField, aspectQuestionWords, missingAspectMessage } from '@/entities/writing-questions/aspect-value-field';
import { formatMoney, type Money } from '@shared/domain/money';
import { moneyInputMessages, moneyInputText, readMoneyInput } from '@shared/domain/money-input';

export const reviewWords = {
  publishAt: 'Publish at',
  publishAtButton: (price: Money) => `Publish at ${formatMoney(price)}`,
  save: aspectQuestionWords.save,
  checkAgain: 'Check again',
  fixOnEbay: 'Fix on the eBay screen',
  choose: aspectQuestionWords.choose,
  pickValue: aspectQuestionWords.pickValue,
  typeValue: aspectQuestionWords.typeValue,
  typePrice: 'Type a price above 0',
  keepPrice: (price: Money) => `Keep ${formatMoney(price)}`,
  ruleGave: (price: Money) => `The price rule gave ${formatMoney(price)}`,
  floorIs: (floor: Money) => `your floor is ${formatMoney(floor)}`,
  failed: 'Could not send it on. Please try again.',
  kind: 'What it is',
  condition: 'Condition',
  pickKind: 'Choose what it is',
  pickCondition: 'Choose its condition',
} as const;

/**
 * What the product itself lacks, asked in the same form as the channels' facts: what it is (its category: the eBay
 * category, the price list and the department follow from it) and its condition, when the seller never gave them.
 */
export function productFacts(item: Pick<AutopilotItem, 'reasons' | 'category' | 'condition'>): { kind: boolean; condition: boolean } {
  // Asked where the seller never said, or said a category of no department ("Shoes": a man's or a woman's?).
  const kind = (!item.category || productKindOf(item.category) === null) && item.reasons.some((reason) => reason.code === 'category');
  const condition = !item.condition && (kind || item.reasons.some((reason) => reason.code === 'condition'));
  return { kind, condition };
}

/** Reasons a price typed by the seller answers. */
const priceCodes: AutopilotReason['code'][] = ['under-floor', 'confirm-price', 'no-cost', 'no-price', 'no-comparables'];

/**
 * "eBay: Size "Huge" is not one of eBay's values..." — a reason in the seller's words, with its channel (unless it
 * names it first itself: "eBay needs a standard size for Jeans...").
 */
export const reasonText = (reason: AutopilotReason) =>
  reason.channel && !reason.message.startsWith(`${channelNames[reason.channel]} `)
    ? `${channelNames[reason.channel]}: ${reason.message}`
    : reason.message;

/** The aspects a value picked or typed fixes, each once (two channels may refuse the same Size). */
export function fixableAspects(reasons: AutopilotReason[]): { name: string; allowedValues: string[] }[] {
  const byName = new Map<string, { name: string; allowedValues: string[] }>();
  for (const reason of reasons) {
    if ((reason.code === 'value' || reason.code === 'aspect') && reason.aspect && !byName.has(reason.aspect.name)) {
      byName.set(reason.aspect.name, { name: reason.aspect.name, allowedValues: [...new Set(reason.aspect.allowedValues)] });
    }
  }
  return [...byName.values()];
}

/**
 * One product waiting in the review queue: why, and its Quick Fix inline: a value for a refused or missing aspect, a
 * price of the seller's own, or (for what only the eBay screen fixes) a link there and "Check again".
 */
export function ReviewItem({ item }: { item: AutopilotItem }) {
  const id = useId();
  const [kind, setKind] = useState('');
  // What it is, in words: a row of the category table (decision 132), which settles every marketplace's category.
  const picked = productKindByKey(kind);
  // Once the seller says what it is, the same form asks what the channels require of that kind (one Save).
  const kindAsks = useAutopilotAsks(item.itemId, picked);
  const aspects = fixableAspects([...item.reasons, ...(picked ? (kindAsks.data?.reasons ?? []) : [])]);
  const needsPrice = item.reasons.some((reason) => priceCodes.includes(reason.code));
  // The kind picked settles "Choose an eBay category" where its channels then name none: it is not said any more.
  const settled = picked !== null && kindAsks.data !== undefined && !kindAsks.data.reasons.some((reason) => reason.code === 'category');
  const shown = item.reasons.filter((reason) => !(settled && reason.code === 'category'));
  const asks = productFacts(item);
  const elsewhere = item.reasons.some(
    (reason) =>
      (reason.code === 'category' && !asks.kind) ||
      (reason.code === 'condition' && !asks.condition) ||
      reason.code === 'refused' ||
      (reason.code === 'aspect' && !reason.aspect),
  );
  const [condition, setCondition] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const go = useContinueAutopilotItem();
  // The product's own currency, the seller's (the server refuses another).
  const currency = item.currency;
  const typed = readMoneyInput(price, currency);
  const typedPrice = typed.ok && typed.value && typed.value.amountMinor > 0 ? typed.value : null;
  // Titles repeat (the offline writer's, a batch of tees): the SKU makes each button's name its product's own.
  const name = item.title ? `${item.title}, ${item.sku}` : item.sku;
  // The seller's own price under their floor: kept with one tap, once they read what it would lose (decision 121).
  const confirmable = item.price !== null && item.reasons.some((reason) => reason.code === 'confirm-price');

  function keepPrice() {
    setError(null);
    go.mutate(
      { itemId: item.itemId, confirmUnderFloor: true },
      { onError: (err) => setError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : reviewWords.failed) },
    );
  }

  function submit() {
    setError(null);
    if (asks.kind && !picked) return setError(reviewWords.pickKind);
    if (asks.condition && !condition) return setError(reviewWords.pickCondition);
    const missing = missingAspectMessage(aspects, values);
    if (missing) return setError(missing);
    // A price finer than the currency is said as it is; anything else that is no price above 0 asks for one.
    if (needsPrice && !typed.ok && typed.message !== moneyInputMessages.notAmount) return setError(typed.message);
    if (needsPrice && typedPrice === null) return setError(reviewWords.typePrice);
    const fix = Object.fromEntries(aspects.map((aspect) => [aspect.name, values[aspect.name]!.trim()]));
    go.mutate(
      {
        itemId: item.itemId,
        ...(asks.kind && picked ? { category: picked.category, department: picked.department } : {}),
        ...(asks.condition ? { condition: condition as (typeof QUICK_EDIT_CONDITIONS)[number] } : {}),
        aspects: aspects.length ? fix : undefined,
        price: needsPrice ? typedPrice! : undefined,
      },
      { onError: (err) => setError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : reviewWords.failed) },
    );
  }

  const label =
    needsPrice && typedPrice
      ? reviewWords.publishAtButton(typedPrice)
      : aspects.length || needsPrice || asks.kind || asks.condition
        ? reviewWords.save
        : reviewWords.checkAgain;
  // Fields with their labels above: the link and the button sit level with the boxes (an amount read back under the
  // price makes its field taller, so the row is aligned at the top).
  const labelled = asks.kind || asks.condition || aspects.length > 0 || needsPrice;
  const priceHint = sentence(
    [item.price !== null ? reviewWords.ruleGave(item.price) : null, item.floor !== null ? reviewWords.floorIs(item.floor) : null]
      .filter(Boolean)
      .join('; '),
  );

  return (
    <li
      className="flex flex-col gap-3 rounded-xl bg-white p-3 ring-1 ring-amber-200"
      data-testid="autopilot-review-item"
      data-sku={item.sku}
    >
      <div className="flex gap-3">
        {item.thumbnailUrl ? (
          <img src={item.thumbnailUrl} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="size-14 shrink-0 rounded-lg bg-slate-100" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold text-slate-500">{item.sku}</p>
          <p className="line-clamp-2 break-words text-sm font-semibold text-slate-900">{item.title ?? 'No title yet'}</p>
          <ul className="mt-1 flex flex-col gap-0.5 text-sm text-amber-900" data-testid="autopilot-reasons">
            {shown.map((reason, index) => (
              <li key={`${reason.code}-${reason.channel ?? ''}-${index}`}>{reasonText(reason)}</li>
            ))}
          </ul>
        </div>
      </div>
      <form
        className="flex flex-wrap items-start gap-2"
        aria-label={`Quick Fix for ${item.sku}`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {asks.kind && (
          <ChoiceField id={`${id}-kind`} label={reviewWords.kind} value={kind} onChange={setKind}>
            {PRODUCT_KINDS.map((option) => (
              <option key={option.key} value={option.key}>
                {option.words}
              </option>
            ))}
          </ChoiceField>
        )}
        {asks.condition && (
          <ChoiceField id={`${id}-condition`} label={reviewWords.condition} value={condition} onChange={setCondition}>
            {QUICK_EDIT_CONDITIONS.map((grade) => (
              <option key={grade} value={grade}>
                {conditionLabel(grade)}
              </option>
            ))}
          </ChoiceField>
        )}
        {aspects.map((aspect) => (
          <AspectValueField
            key={aspect.name}
            id={`${id}-${aspect.name}`}
            aspect={aspect}
            value={values[aspect.name] ?? ''}
            onChange={(value) => setValues((current) => ({ ...current, [aspect.name]: value }))}
          />
        ))}
        {needsPrice && (
          <MoneyField
            id={`${id}-price`}
            label={reviewWords.publishAt}
            labelClassName="text-xs font-semibold text-slate-700"
            className="flex-1 sm:w-32 sm:flex-none"
            currency={currency}
            value={price}
            onChange={(text) => setPrice(text)}
            aria-describedby={priceHint ? `${id}-price-hint` : undefined}
          />
        )}
        {elsewhere && (
          <Link
            to={webPaths.ebay}
            className={cn(
              'inline-flex h-11 items-center justify-center rounded-xl px-3 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:h-9',
              labelled && 'sm:mt-5',
            )}
          >
            {reviewWords.fixOnEbay}
          </Link>
        )}
        <Button
          type="submit"
          size="sm"
          loading={go.isPending || (picked !== null && kindAsks.isFetching)}
          className={cn('h-11 w-full sm:h-10 sm:w-auto', labelled && 'sm:mt-5')}
          aria-label={`${label}: ${name}`}
        >
          {label}
        </Button>
        {confirmable && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            loading={go.isPending}
            className={cn('h-11 w-full sm:h-10 sm:w-auto', labelled && 'sm:mt-5')}
            aria-label={`${reviewWords.keepPrice(item.price!)}: ${name}`}
            onClick={keepPrice}
          >
            {reviewWords.keepPrice(item.price!)}
          </Button>
        )}
        {priceHint && needsPrice && (
          <p id={`${id}-price-hint`} className="w-full text-xs text-slate-500">
            {priceHint}
          </p>
        )}
        {error && (
          <p role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        )}
        {(needsPrice || item.price !== null) && item.channels[0] && (
          // The rule's price (or the one being typed) against the profit floor on the product's first channel.
          <FloorNote
            className="w-full"
            itemId={item.itemId}
            itemUpdatedAt={item.updatedAt}
            channel={item.channels[0]}
            typedPrice={price.trim() || moneyInputText(item.price)}
          />
        )}
        {needsPrice && item.channels.includes('ebay') && (
          <div className="w-full">
            <ComparablesDisclosure itemId={item.itemId} itemUpdatedAt={item.updatedAt} />
          </div>
        )}
      </form>
    </li>
  );
}

const selectClass =
  'h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:h-10 sm:text-sm';

function ChoiceField(props: { id: string; label: string; value: string; onChange(value: string): void; children: React.ReactNode }) {
  return (
    <div className="flex min-w-36 flex-1 flex-col gap-1 sm:flex-none">
      <label htmlFor={props.id} className="text-xs font-semibold text-slate-700">
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)} className={selectClass}>
        <option value="">{reviewWords.choose}</option>
        {props.children}
      </select>
    </div>
  );
}

const sentence = (text: string) => (text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : '');
