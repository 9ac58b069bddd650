import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  autopilotContinueBody,
  type AutopilotDisputedFact,
  type AutopilotItem,
  type AutopilotReadFact,
  type AutopilotReason,
} from '@shared/contracts/autopilot';
import { quickFixBody } from '@shared/contracts/publish';
import { QUICK_EDIT_CONDITIONS, conditionLabel } from '@shared/domain/catalog';
import { PRODUCT_KINDS, productKindByKey, productKindOf } from '@shared/domain/category-table';
import { channelNames } from '@shared/domain/channel-listing';
import { brandTypoOf, labelBrandOf } from '@shared/domain/brand-typo';
import { Button } from '@/components/button';
import { BrandTypoNote } from '@/entities/items/brand-typo-note';
import { ReadEvidenceImages } from '@/entities/items/read-evidence-images';
import { ComparablesDisclosure } from '@/entities/comparables/comparables-panel';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { typedAmount } from '@/lib/forms/money-schema';
import { useAutopilotAsks } from './api/get-autopilot-asks';
import { useContinueAutopilotItem } from './api/continue-autopilot-item';
import { FloorNote } from '@/entities/profit-floor/floor-note';
import {
  AspectValueField,
  aspectQuestionWords,
  missingAspectMessage,
  type AskedAspect,
} from '@/entities/writing-questions/aspect-value-field';
import { formatMoney, type Money } from '@shared/domain/money';
import { moneyInputMessages, moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { comparablesFrom, fixScreenFor } from '@shared/contracts/marketplace-registry';
import { DecorativeThumbnail } from '@/components/decorative-thumbnail';
import { tell } from '@/lib/told';

export const reviewWords = {
  publishAt: 'Publish at',
  publishAtButton: (price: Money) => `Publish at ${formatMoney(price)}`,
  save: aspectQuestionWords.save,
  checkAgain: 'Check again',
  fixOn: (name: string) => `Fix on the ${name} screen`,
  choose: aspectQuestionWords.choose,
  pickValue: aspectQuestionWords.pickValue,
  typeValue: aspectQuestionWords.typeValue,
  typePrice: 'Type a price above 0',
  keepPrice: (price: Money) => `Keep ${formatMoney(price)}`,
  leaveOut: (name: string) => `Leave out ${name}`,
  ruleGave: (price: Money) => `The price rule gave ${formatMoney(price)}`,
  floorIs: (floor: Money) => `your floor is ${formatMoney(floor)}`,
  failed: 'Could not send it on. Please try again.',
  kind: 'What it is',
  condition: 'Condition',
  pickKind: 'Choose what it is',
  pickCondition: 'Choose its condition',
  readFromPhotos: 'Read from the photos',
  readFact: { brand: 'Brand', size: 'Size', color: 'Color', material: 'Material' },
  photo: (index: number) => `Photo ${index + 1}`,
  disputed: 'The label and the AI disagree',
  labelSays: (label: string, ai: string) => `Label says ${label}; the AI says ${ai}`,
  use: (value: string) => `Use ${value}`,
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

/** What one product's Quick Fix asks: what it is, its condition, the aspects' values, a price (in its currency). */
interface ReviewAsks {
  kind: boolean;
  condition: boolean;
  aspects: AskedAspect[];
  price: boolean;
  currency: string;
}

/** The Quick Fix as typed: what it is (a row of the category table's key), its condition, each aspect's value, the price. */
const reviewDraft = z.object({ kind: z.string(), condition: z.string(), aspects: z.record(z.string(), z.string()), price: z.string() });
type ReviewDraft = z.input<typeof reviewDraft>;

/** The Quick Fix body's own fields the review sends: what it is, its condition, the aspects' values. */
const quickFixFields = quickFixBody.pick({ category: true, department: true, condition: true, aspects: true });

/**
 * The review's check, said in one message (`root`, as the form always said it): the first thing missing in the order
 * the fields stand, then the bodies' own rules, the Quick Fix's (`quickFixBody`: each value trimmed, at most 50
 * characters) and the continue's (`autopilotContinueBody`: a price above 0, at most a million). The price is read as
 * the money field reads it (`typedAmount`): a text finer than the currency (or in another) is said as it is; no
 * amount, or none above 0, asks for a price above 0.
 */
function reviewSchema(asks: ReviewAsks) {
  return reviewDraft.transform((draft, ctx) => {
    const say = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['root'], message });
      return z.NEVER;
    };
    const picked = productKindByKey(draft.kind);
    if (asks.kind && !picked) return say(reviewWords.pickKind);
    if (asks.condition && !draft.condition) return say(reviewWords.pickCondition);
    const missing = missingAspectMessage(asks.aspects, draft.aspects);
    if (missing) return say(missing);
    const fix = quickFixFields.safeParse({
      ...(asks.kind && picked ? { category: picked.category, department: picked.department } : {}),
      ...(asks.condition ? { condition: draft.condition } : {}),
      ...(asks.aspects.length
        ? { aspects: Object.fromEntries(asks.aspects.map((aspect) => [aspect.name, draft.aspects[aspect.name] ?? ''])) }
        : {}),
    });
    if (!fix.success) return say(fix.error.issues[0]?.message ?? reviewWords.failed);
    if (!asks.price) return fix.data;
    const typed = typedAmount(asks.currency).safeParse(draft.price);
    const unread = typed.success ? null : (typed.error.issues[0]?.message ?? null);
    if (unread && unread !== moneyInputMessages.notAmount) return say(unread);
    if (!typed.success || !typed.data) return say(reviewWords.typePrice);
    const body = autopilotContinueBody.safeParse({ price: typed.data });
    if (body.success) return { ...fix.data, price: body.data.price };
    // The body's "above 0" (said of the price itself) in the review's words; its other rules (of the amount) in theirs.
    const issue = body.error.issues[0];
    return say(issue && issue.path.length > 1 ? issue.message : reviewWords.typePrice);
  });
}
type ReviewFields = z.output<ReturnType<typeof reviewSchema>>;

/** A refusal in the server's words when it says what is wrong (4xx), else that it could not go on. */
const failureText = (err: unknown) => (err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : reviewWords.failed);

/**
 * One product waiting in the review queue: why, and its Quick Fix inline: a value for a refused or missing aspect, a
 * price of the seller's own, or (for what only the eBay screen fixes) a link there and "Check again".
 */
export function ReviewItem({ item }: { item: AutopilotItem }) {
  const id = useId();
  const { control, handleSubmit, watch, setError, clearErrors, formState } = useForm<ReviewDraft, unknown, ReviewFields>({
    defaultValues: { kind: '', condition: '', aspects: {}, price: '' },
    // What the form asks follows what it is, picked in the form itself: the check is of what it last asked (`asked`,
    // below, read when the seller taps Save).
    resolver: (values, context, options) => zodResolver(reviewSchema(asked))(values, context, options),
    // The message says what stopped the last tap on Save, until the next one; no field takes the caret.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { field: kind } = useController({ control, name: 'kind' });
  const { field: condition } = useController({ control, name: 'condition' });
  const { field: values } = useController({ control, name: 'aspects' });
  const price = watch('price');
  // What it is, in words: a row of the category table (decision 132), which settles every marketplace's category.
  const picked = productKindByKey(kind.value);
  // Once the seller says what it is, the same form asks what the channels require of that kind (one Save).
  const kindAsks = useAutopilotAsks(item.itemId, picked);
  const aspects = fixableAspects([...item.reasons, ...(picked ? (kindAsks.data?.reasons ?? []) : [])]);
  const needsPrice = item.reasons.some((reason) => priceCodes.includes(reason.code));
  // The kind picked settles a channel's "Choose a category" where that channel then names none: it is not said any
  // more (eBay's, though Etsy may still ask its own).
  const settles = (reason: AutopilotReason) =>
    reason.code === 'category' &&
    picked !== null &&
    kindAsks.data !== undefined &&
    !kindAsks.data.reasons.some((asked) => asked.code === 'category' && asked.channel === reason.channel);
  const shown = item.reasons.filter((reason) => !settles(reason));
  const asks = productFacts(item);
  const elsewhere = item.reasons.filter(
    (reason) =>
      (reason.code === 'category' && !asks.kind) ||
      (reason.code === 'condition' && !asks.condition) ||
      reason.code === 'refused' ||
      (reason.code === 'aspect' && !reason.aspect),
  );
  // What the card cannot fix is fixed on its marketplace's own screen (eBay's Quick Fix).
  const fixScreen = elsewhere.length ? fixScreenFor(elsewhere.map((reason) => reason.channel)) : null;
  const go = useContinueAutopilotItem();
  // The product's own currency, the seller's (the server refuses another).
  const currency = item.currency;
  const asked: ReviewAsks = { kind: asks.kind, condition: asks.condition, aspects, price: needsPrice, currency };
  const typed = readMoneyInput(price, currency);
  const typedPrice = typed.ok && typed.value && typed.value.amountMinor > 0 ? typed.value : null;
  // Titles repeat (the offline writer's, a batch of tees): the SKU makes each button's name its product's own.
  const name = item.title ? `${item.title}, ${item.sku}` : item.sku;
  // The seller's own price under their floor: kept with one tap, once they read what it would lose (decision 121).
  const confirmable = item.price !== null && item.reasons.some((reason) => reason.code === 'confirm-price');
  const error = formState.errors.root?.message ?? null;
  // The brand the labels were read as: a Brand typed as a slip of it is said under the field (decision 183).
  const labelBrand = reviewLabelBrand(item);
  const refused = (err: unknown) => setError('root', { type: 'server', message: failureText(err) });

  // A marketplace that refuses the product in a way this form cannot fix (Etsy: not vintage) holds it off every other
  // one until the seller leaves that one out; never the last one.
  const refusing = [...new Set(elsewhere.flatMap((reason) => (reason.channel ? [reason.channel] : [])))].filter(
    (channel) => item.channels.includes(channel) && item.channels.length > 1,
  );

  function leaveOut(channel: AutopilotItem['channels'][number]) {
    clearErrors();
    tell(go, { itemId: item.itemId, withoutChannels: [channel] }, { onError: refused });
  }

  function keepPrice() {
    clearErrors();
    tell(go, { itemId: item.itemId, confirmUnderFloor: true }, { onError: refused });
  }

  const submit = handleSubmit((fix) => tell(go, { itemId: item.itemId, ...fix }, { onError: refused }));

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
        <DecorativeThumbnail url={item.thumbnailUrl} className="size-14 rounded-lg" />
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
      {item.read.length > 0 && <ReadFromPhotos read={item.read} />}
      {item.disputed.length > 0 && (
        <Disputed
          disputed={item.disputed}
          aspects={aspects}
          onPick={(aspect, value) => values.onChange({ ...values.value, [aspect]: value })}
        />
      )}
      <form className="flex flex-wrap items-start gap-2" aria-label={`Quick Fix for ${item.sku}`} onSubmit={(event) => void submit(event)}>
        {asks.kind && (
          <ChoiceField id={`${id}-kind`} label={reviewWords.kind} value={kind.value} onChange={kind.onChange}>
            {PRODUCT_KINDS.map((option) => (
              <option key={option.key} value={option.key}>
                {option.words}
              </option>
            ))}
          </ChoiceField>
        )}
        {asks.condition && (
          <ChoiceField id={`${id}-condition`} label={reviewWords.condition} value={condition.value} onChange={condition.onChange}>
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
            value={values.value[aspect.name] ?? ''}
            // The values as one record, by name: a name may hold a dot, which a field's path would read as nesting.
            onChange={(value) => values.onChange({ ...values.value, [aspect.name]: value })}
            note={
              aspect.name === 'Brand' && brandTypoOf(values.value.Brand, labelBrand) ? (
                <BrandTypoNote
                  id={`${id}-${aspect.name}-note`}
                  typed={values.value.Brand ?? ''}
                  read={labelBrand}
                  onUse={(brand) => values.onChange({ ...values.value, Brand: brand })}
                />
              ) : undefined
            }
          />
        ))}
        {needsPrice && (
          <MoneyFormField
            control={control}
            name="price"
            problemSaid="form"
            id={`${id}-price`}
            label={reviewWords.publishAt}
            labelClassName="text-xs font-semibold text-slate-700"
            className="flex-1 sm:w-32 sm:flex-none"
            currency={currency}
            aria-describedby={priceHint ? `${id}-price-hint` : undefined}
          />
        )}
        {fixScreen && (
          <Link
            to={fixScreen.path}
            className={cn(
              'inline-flex h-11 items-center justify-center rounded-xl px-3 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:h-9',
              labelled && 'sm:mt-5',
            )}
          >
            {reviewWords.fixOn(fixScreen.name)}
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
        {refusing.map((channel) => (
          <Button
            key={channel}
            type="button"
            size="sm"
            variant="secondary"
            loading={go.isPending}
            className={cn('h-11 w-full sm:h-10 sm:w-auto', labelled && 'sm:mt-5')}
            aria-label={`${reviewWords.leaveOut(channelNames[channel])}: ${name}`}
            onClick={() => leaveOut(channel)}
          >
            {reviewWords.leaveOut(channelNames[channel])}
          </Button>
        ))}
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
        {needsPrice && comparablesFrom.channel && item.channels.includes(comparablesFrom.channel) && (
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

/** The brand the product's labels were read as: the label's side of a disagreement, or the brand read from the photos. */
function reviewLabelBrand(item: Pick<AutopilotItem, 'read' | 'disputed'>): string | null {
  const disputed = item.disputed.find((fact) => fact.attribute === 'brand');
  if (disputed) return disputed.label;
  const read = item.read.find((fact) => fact.attribute === 'brand');
  return read ? labelBrandOf(read, read.value) : null;
}

const sentence = (text: string) => (text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : '');

/**
 * What was read from the product's photos, so it is not asked (decision 165): each value with the photo and the text
 * read there, the label's line cut out of it (decision 171) or the colour's swatch beside its photo, for the seller to
 * check; a wrong one is put right on the item, where the seller's word always wins.
 */
function ReadFromPhotos({ read }: { read: AutopilotReadFact[] }) {
  return (
    <section className="rounded-lg bg-sky-50 px-3 py-2 ring-1 ring-inset ring-sky-200" data-testid="autopilot-read-facts">
      <h4 className="text-xs font-semibold text-sky-900">{reviewWords.readFromPhotos}</h4>
      <dl className="mt-1 flex flex-col gap-2 text-sm">
        {read.map((fact) => (
          // A definition list's group holds its term and its description only (axe's dlitem): the crop is the term's.
          <div key={fact.attribute} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1" data-fact={fact.attribute}>
            <dt className="flex items-center gap-2 text-slate-600">
              <ReadEvidence fact={fact} />
              {reviewWords.readFact[fact.attribute]}
            </dt>
            <dd className="min-w-0 break-words">
              <span className="font-semibold text-slate-900">{fact.value}</span>
              <span className="text-sky-900">
                {' '}
                · {reviewWords.photo(fact.photo)}
                {fact.note ? ` · ${fact.note}` : ''}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The crop a fact was read from, and for a colour its swatch beside it; nothing when neither was kept. */
export function ReadEvidence({ fact }: { fact: Pick<AutopilotReadFact, 'attribute' | 'value' | 'photo' | 'cropUrl' | 'swatch'> }) {
  if (!fact.cropUrl && !fact.swatch) return null;
  return (
    <span className="flex shrink-0 items-center gap-1">
      <ReadEvidenceImages
        swatch={fact.swatch}
        cropUrl={fact.cropUrl}
        cropAlt={`${reviewWords.readFact[fact.attribute]} ${fact.value}, as read on ${reviewWords.photo(fact.photo).toLowerCase()}`}
        size="md"
      />
    </span>
  );
}

/** The asked aspect a disputed fact answers: the brand's, or the size's (eBay's "Size", "US Shoe Size"...). */
const disputedAspect = (attribute: AutopilotDisputedFact['attribute'], aspects: AskedAspect[]) =>
  aspects.find((aspect) => (attribute === 'brand' ? aspect.name === 'Brand' : /(^|\s)Size$/.test(aspect.name))) ?? null;

/** A value the aspect takes as it is: any where it lists none, else one of its own (a waist list takes no "W30 L32"). */
const takes = (aspect: AskedAspect, value: string) =>
  aspect.allowedValues.length === 0 || aspect.allowedValues.some((allowed) => allowed.toLowerCase() === value.toLowerCase());

/**
 * What the label read offline and the cloud AI said differently (decision 171): nothing was filled, so the form asks
 * it; both are shown, the label's line beside them, and a tap puts either in the field for the seller to save.
 */
function Disputed(props: { disputed: AutopilotDisputedFact[]; aspects: AskedAspect[]; onPick(aspect: string, value: string): void }) {
  return (
    <section className="rounded-lg bg-amber-50 px-3 py-2 ring-1 ring-inset ring-amber-200" data-testid="autopilot-disputed">
      <h4 className="text-xs font-semibold text-amber-900">{reviewWords.disputed}</h4>
      <ul className="mt-1 flex flex-col gap-2 text-sm">
        {props.disputed.map((fact) => {
          const aspect = disputedAspect(fact.attribute, props.aspects);
          return (
            <li key={fact.attribute} className="flex min-w-0 flex-wrap items-center gap-2" data-fact={fact.attribute}>
              <ReadEvidence fact={{ attribute: fact.attribute, value: fact.label, photo: fact.photo, cropUrl: fact.cropUrl }} />
              <span className="min-w-0 break-words text-slate-900">
                <span className="text-slate-600">{reviewWords.readFact[fact.attribute]}: </span>
                {reviewWords.labelSays(fact.label, fact.ai)} · {reviewWords.photo(fact.photo)}
              </span>
              {aspect && (
                <span className="flex gap-2">
                  {[fact.label, fact.ai]
                    .filter((value) => takes(aspect, value))
                    .map((value) => (
                      <Button key={value} type="button" size="sm" variant="secondary" onClick={() => props.onPick(aspect.name, value)}>
                        {reviewWords.use(value)}
                      </Button>
                    ))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
