import { currentEtsyWhenMade, etsyEraIsVintage, etsyWhenMadeLabel, etsyWhenMadeQuestion, type EtsyWhenMade } from '@shared/contracts/etsy';
import { moneyMessages } from '@shared/contracts/money';
import { etsySizeFor, type EtsySizeAnswer } from '@shared/domain/etsy-sizes';
import { formatMoney, money, toDecimal } from '@shared/domain/money';
import { channelPriceOf } from '../../price-rules/channel-price';
import type { ChannelPreflight } from '../marketplace';
import type { EtsySession } from './account/service';
import { etsyIdOf, type EtsyDraftListingForm } from './api/etsy-client';
import { etsyTagsOf } from './etsy-tags';
import type { Publishable } from '../channel-listing-repo';
import { etsyListings } from './listing-repo';
import type { EtsyTaxonomy, EtsyTaxonomyChoice } from './taxonomy';

/**
 * Etsy's listing rules the pre-flight checks (Etsy's API reference for createDraftListing and updateListing, its
 * prose included), in the seller's words, and the draft the publisher sends: one place, so what the pre-flight calls
 * green is what is sent (etsy-preflight-acceptance.test.ts sends 200 items to the fake Etsy through it).
 */
export const etsyRules = { titleMax: 140, priceMinMinor: 20 } as const;

/** createDraftListing's title: "only letters, numbers, punctuation marks, mathematical symbols, whitespace characters, ™, ©, and ®". */
const TITLE_REFUSED = /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/gu;
/** "You can only use the %, :, & and + characters once each." */
const TITLE_ONCE = ['%', ':', '&', '+'] as const;

export const etsyPreflightMessages = {
  whenMade: 'Etsy asks when this item was made: answer it for Etsy (vintage means 20 years or older).',
  whenMadeChanged: (label: string) =>
    `Etsy changed its years for "when was it made", and your answer (${label}) now falls between two of them: answer it again for Etsy.`,
  notVintage: (label: string) =>
    `Etsy takes second-hand items only when they are vintage (20 years or older); this one was made ${label.toLowerCase()}, so it cannot be listed on Etsy.`,
  title: 'Add a title (Etsy needs one).',
  titleLong: `Shorten the title to ${etsyRules.titleMax} characters or fewer for Etsy.`,
  titleCharacters: (characters: string) => `Etsy takes only letters, numbers, punctuation and ™ © ® in a title: take out ${characters}.`,
  titleRepeated: (character: string) => `Etsy takes "${character}" only once in a title: take out the others.`,
  description: 'Add a description (Etsy needs one).',
  /** In the item's currency: a UK seller reads pounds. */
  price: (currency: string) => `Set a price of at least ${formatMoney(money(etsyRules.priceMinMinor, currency))} for Etsy.`,
  category: 'Choose a category Etsy has (its clothing categories).',
  property: (name: string) => `Etsy needs "${name}" in this category.`,
  size: (kind: string, ours: string) => `Etsy needs a size from its own chart for ${kind}: pick one ("${ours}" is not one of Etsy's)`,
  photos: 'Add at least one photo (Etsy needs one to go live).',
  shippingProfile: 'Your Etsy shop has no shipping profile: set it up on the Marketplaces screen.',
  returnPolicy: 'Your Etsy shop has no return policy: set it up on the Marketplaces screen.',
  processingProfile: 'Your Etsy shop has no processing time (how soon you ship): set it up on the Marketplaces screen.',
  sold: 'This item sold on Etsy: it is not listed again.',
  soldOut: 'It sold on Etsy: nothing is left to list.',
} as const;

type EtsyProblem = ChannelPreflight['problems'][number];

/** Etsy's words for the item (Etsy's title, description, tags, price): what is sent and what the pre-flight checks. */
export function etsyTextOf(subject: Pick<Publishable, 'item' | 'listing' | 'priceList' | 'rule'>) {
  const { item, listing, priceList, rule } = subject;
  // The one order of the price a channel gets (channel-price.ts, decision 121).
  const priced = channelPriceOf(listing, item, rule, priceList);
  return {
    title: (item.aiTitle ?? '').trim(),
    description: (item.aiDescription ?? '').trim(),
    tags: etsyTagsOf(item.aiTags ?? []),
    price: priced?.price ?? null,
    priced,
  };
}

/** What Etsy refuses in a title's characters, in the seller's words; null when it takes it. */
export function etsyTitleProblem(title: string): string | null {
  const refused = [...new Set(title.match(TITLE_REFUSED) ?? [])];
  if (refused.length) return etsyPreflightMessages.titleCharacters(refused.map((c) => `"${c}"`).join(' '));
  const repeated = TITLE_ONCE.find((c) => title.split(c).length > 2);
  return repeated ? etsyPreflightMessages.titleRepeated(repeated) : null;
}

/** The shop's setup, and its currency where known (decision 106: every price sent to the shop is in it). */
export type EtsyShopSession = Pick<EtsySession, 'shippingProfileId' | 'returnPolicyId' | 'processingProfileId'> & { currency?: string };

/** Etsy's rules against the item at `now`: every problem in words; the taxonomy when one fits (null taxonomy: not read). */
export async function etsyProblemsOf(subject: Publishable, session: EtsyShopSession | null, taxonomy: EtsyTaxonomy | null, now: number) {
  const found: EtsyProblem[] = [];
  const push = (message: string, field: EtsyProblem['field'] = 'aspects') => found.push({ field, message });
  const text = etsyTextOf(subject);
  const answered = etsyListings.dataOf(subject.listing).whenMade ?? null;
  // The answer in Etsy's values now (an answer from an earlier year's set is mapped by its years, never guessed).
  const whenMade = currentEtsyWhenMade(answered);
  // Asked with its answers, so the review queue's one form asks it, not only Generate Listings.
  const whenMadeAsked = { name: etsyWhenMadeQuestion.name, allowedValues: etsyWhenMadeQuestion.answers() };
  if (!answered) found.push({ field: 'aspects', message: etsyPreflightMessages.whenMade, aspect: whenMadeAsked });
  else if (!whenMade)
    found.push({ field: 'aspects', message: etsyPreflightMessages.whenMadeChanged(etsyWhenMadeLabel(answered)), aspect: whenMadeAsked });
  else if (!etsyEraIsVintage(whenMade, new Date(now).getUTCFullYear())) push(etsyPreflightMessages.notVintage(etsyWhenMadeLabel(whenMade)));
  const titleProblem = text.title ? etsyTitleProblem(text.title) : null;
  if (!text.title) push(etsyPreflightMessages.title, 'title');
  else if ([...text.title].length > etsyRules.titleMax) push(etsyPreflightMessages.titleLong, 'title');
  else if (titleProblem) push(titleProblem, 'title');
  if (!text.description) push(etsyPreflightMessages.description, 'description');
  if (text.price === null || text.price.amountMinor < etsyRules.priceMinMinor)
    push(etsyPreflightMessages.price(text.price?.currency ?? subject.item.currency));
  else if (session?.currency && text.price.currency !== session.currency)
    push(moneyMessages.otherShopCurrency('Etsy', session.currency, text.price.currency));
  if (!subject.images.length) push(etsyPreflightMessages.photos, 'images');
  let choice: EtsyTaxonomyChoice | null = null;
  if (taxonomy) {
    choice = await taxonomy.choose(subject.item.category, subject.item.extractedDepartment);
    if (!choice) push(etsyPreflightMessages.category, 'category');
    // The app fills none of a category's properties yet: a category that requires one cannot be listed from here.
    else for (const property of choice.required) push(etsyPreflightMessages.property(property.display_name ?? property.name ?? ''));
  }
  // The item's size on the category's size property, on the scale of its own system; asked where no scale takes it.
  let size: Extract<EtsySizeAnswer, { kind: 'mapped' }> | null = null;
  if (choice?.size) {
    const shoes = /shoe/i.test(`${choice.size.display_name ?? ''} ${choice.size.name ?? ''}`);
    const answer = etsySizeFor(subject.item.extractedSize, choice.size, shoes);
    if (answer?.kind === 'mapped') size = answer;
    else if (answer)
      found.push({
        field: 'aspects',
        message: etsyPreflightMessages.size(choice.name || 'this category', answer.ours),
        aspect: { name: etsySizeQuestionName, allowedValues: answer.options },
      });
  }
  if (session) {
    if (!session.shippingProfileId) push(etsyPreflightMessages.shippingProfile);
    if (!session.returnPolicyId) push(etsyPreflightMessages.returnPolicy);
    if (!session.processingProfileId) push(etsyPreflightMessages.processingProfile);
  }
  return { problems: found, text, whenMade, choice, size };
}

/** The aspect the size is asked as: the item's Size, so the answer is the item's size on every marketplace. */
export const etsySizeQuestionName = 'Size';

/** updateListingProperty's form for the size the pre-flight placed. */
export const etsySizeFormOf = (size: Extract<EtsySizeAnswer, { kind: 'mapped' }>) => ({
  value_ids: [size.valueId],
  values: [size.value],
  ...(size.scaleId === null ? {} : { scale_id: size.scaleId }),
});

/** createDraftListing's form for an item the pre-flight passed (its text, era and taxonomy), `quantity` of it. */
export function etsyDraftOf(
  checked: { text: ReturnType<typeof etsyTextOf>; whenMade: EtsyWhenMade | null; choice: EtsyTaxonomyChoice | null },
  session: EtsyShopSession,
  quantity: number,
): EtsyDraftListingForm {
  const { text, whenMade, choice } = checked;
  if (!text.price || !whenMade || !choice) throw new Error('etsyDraftOf takes an item the pre-flight passed');
  return {
    quantity,
    title: text.title,
    description: text.description,
    // Etsy's API takes the price as a decimal number.
    price: toDecimal(text.price),
    who_made: 'someone_else',
    when_made: whenMade,
    taxonomy_id: choice.id,
    is_supply: false,
    tags: text.tags,
    // The shop's ids as the document takes them (integers); one not set up yet is left out, as before.
    shipping_profile_id: session.shippingProfileId ? etsyIdOf(session.shippingProfileId) : null,
    return_policy_id: session.returnPolicyId ? etsyIdOf(session.returnPolicyId) : null,
    readiness_state_id: session.processingProfileId ? etsyIdOf(session.processingProfileId) : null,
    type: 'physical',
  };
}
