import { departmentOf } from '../catalog';
import type { AssistedChannel } from '../channel-listing';
import { letterSynonyms, oneSizeWords } from '../size-label';
import {
  acceptedCategories,
  acceptedSizes,
  ASK,
  assistedMarketplaces,
  ourConditions,
  shoeSizes,
  waistSizes,
  womensNumericSizes,
  type AssistedMarketplace,
  type CategorySlot,
  type OurCondition,
} from './marketplaces';
import { ukDressSizeOf, type SizeStandard } from './size-standards';
import { assistedSiteHosts, type AssistedSite } from './sites';

/** What the item says that a marketplace's listing is written from (items columns, as the server reads them). */
export interface AssistedItemFacts {
  sku: string;
  category: string | null;
  condition: string | null;
  brand: string | null;
  aiTitle: string | null;
  aiDescription: string | null;
  aiTags: string[] | null;
  extractedBrand: string | null;
  extractedSize: string | null;
  extractedSizeType: string | null;
  extractedDepartment: string | null;
}

/** The fields the seller is asked for when the app cannot map ours to the marketplace's values. */
export const assistedQuestionFields = ['size', 'condition', 'category'] as const;
export type AssistedQuestionField = (typeof assistedQuestionFields)[number];

/** The seller's answers, stored in the listing's `data` (only values the marketplace accepts). */
export type AssistedAnswers = Partial<Record<AssistedQuestionField, string>>;

export interface AssistedQuestion {
  field: AssistedQuestionField;
  /** What the app read (shown to the seller), or null when the item says nothing. */
  ours: string | null;
  options: string[];
}

/** The listing in one marketplace's words. Null fields are asked (questions) or absent (Depop has no title). */
export interface AssistedListingText {
  title: string | null;
  description: string;
  hashtags: string[];
  size: string | null;
  condition: string | null;
  category: string | null;
  questions: AssistedQuestion[];
  /** The seller's earlier answers in use (they can change them). */
  answered: Array<AssistedQuestion & { value: string }>;
}

type Mapped = string | typeof ASK;

/** Our condition word from what the item stores ("new_with_tags", "New with tags", "like new"...); null if unknown. */
export function ourConditionOf(condition: string | null | undefined): OurCondition | null {
  const key = (condition ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (ourConditions as readonly string[]).includes(key) ? (key as OurCondition) : null;
}

/** The marketplace's condition for ours, or ASK. */
export function conditionFor(m: AssistedMarketplace, condition: string | null | undefined): Mapped {
  const ours = ourConditionOf(condition);
  return ours ? m.conditionMap[ours] : ASK;
}

const isBottoms = (category: string | null) => /jeans|pants|shorts/i.test(category ?? '');

/** A size the label states in a standard ("UK 8", "EU 42"): the standard and the number, or null. */
function labelledSize(raw: string): { standard: 'UK' | 'EU'; value: string } | null {
  const match = /^(UK|EU)\s*:?\s*(\d{1,2}(?:\.5)?)$/.exec(raw.replace(/(\d{1,2})\s*1\/2$/, '$1.5'));
  return match ? { standard: match[1] as 'UK' | 'EU', value: `${match[1]} ${match[2]}` } : null;
}

/**
 * The marketplace's size for what the AI read off the label, or ASK: a size type other than Regular (petite, plus,
 * big & tall, maternity), a size this app cannot place, or one the marketplace's site does not offer. On a UK site a
 * US women's size becomes its UK dress size; shoe sizes are never converted (size-standards.ts says why).
 */
export function sizeFor(
  m: AssistedMarketplace,
  facts: Pick<AssistedItemFacts, 'extractedSize' | 'extractedSizeType' | 'category'>,
  standard: SizeStandard = 'US',
): Mapped {
  const type = (facts.extractedSizeType ?? '').trim().toLowerCase();
  if (type && type !== 'regular') return ASK;
  const raw = (facts.extractedSize ?? '')
    .trim()
    .toUpperCase()
    .replace(/^(SIZE|SZ)\s*:?\s*/, '')
    .replace(/\s+/g, ' ');
  const labelled = labelledSize(raw);
  if (labelled) return labelled.standard === standard && acceptedSizes(m, standard).includes(labelled.value) ? labelled.value : ASK;
  const us = raw.replace(/^US\s*:?\s*/, '');
  const mapped = usSizeFor(m, us, facts.category);
  if (mapped === ASK || standard === 'US') return mapped;
  const department = departmentOf(facts.category);
  const isWomensNumeric = (womensNumericSizes as readonly string[]).includes(mapped) && department === 'Women';
  if (/shoes/i.test(facts.category ?? '')) return ASK;
  if (isWomensNumeric) return standard === 'UK' ? (ukDressSizeOf(mapped) ?? ASK) : ASK;
  return mapped;
}

/** The size on the marketplace's US site (its letters, one size, waists, women's numeric and shoe sizes), or ASK. */
function usSizeFor(m: AssistedMarketplace, raw: string, category: string | null): Mapped {
  if (!raw) return ASK;
  if (oneSizeWords.has(raw)) return m.oneSize;
  const letter = letterSynonyms[raw];
  if (letter) return m.letterSizes.includes(letter) ? letter : ASK;
  if (/shoes/i.test(category ?? '')) {
    const shoe = raw.replace(/^(\d{1,2})\s*1\/2$/, '$1.5');
    return shoeSizes.includes(shoe) ? m.shoe(shoe) : ASK;
  }
  const waistInseam = /^W?\s*(\d{2})\s*(?:[X/]\s*L?\s*\d{2})?$/.exec(raw);
  const department = departmentOf(category);
  if (isBottoms(category) && waistInseam) {
    const n = Number(waistInseam[1]);
    // Women's bottoms under 24 are numeric sizes (0-22), not waists.
    if (
      department === 'Women' &&
      !raw.includes('X') &&
      !raw.startsWith('W') &&
      (womensNumericSizes as readonly string[]).includes(raw) &&
      n < 24
    )
      return raw;
    return waistSizes.includes(n) ? m.waist(n) : ASK;
  }
  if (department === 'Women' && (womensNumericSizes as readonly string[]).includes(raw)) return raw;
  return ASK;
}

const garmentOf = (category: string): 'jeans' | 'pants' | 'shorts' | 'tops' | 'outerwear' | 'shoes' | 'accessories' | null => {
  const c = category.toLowerCase();
  for (const g of ['jeans', 'pants', 'shorts', 'tops', 'outerwear', 'shoes', 'accessories'] as const) if (c.includes(g)) return g;
  return null;
};

/** Our category (and, for shoes and accessories, the department the AI read) as a slot; null when it does not say. */
export function categorySlotOf(facts: Pick<AssistedItemFacts, 'category' | 'extractedDepartment'>): CategorySlot | null {
  const garment = garmentOf(facts.category ?? '');
  if (!garment) return null;
  let department = departmentOf(facts.category);
  if (!department || department === 'Unisex') {
    const d = (facts.extractedDepartment ?? '').trim().toLowerCase();
    department = d.startsWith('women') ? 'Women' : d.startsWith('men') ? 'Men' : null;
  }
  if (department !== 'Men' && department !== 'Women') return null;
  return `${department === 'Men' ? 'men' : 'women'}-${garment}`;
}

export function categoryFor(m: AssistedMarketplace, facts: Pick<AssistedItemFacts, 'category' | 'extractedDepartment'>): Mapped {
  const slot = categorySlotOf(facts);
  return slot ? m.categories[slot] : ASK;
}

/** Text cut to a limit at a word boundary, with an ellipsis when cut. */
export function fitText(text: string, max: number | null): string {
  const clean = text.trim();
  if (max === null || clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

/** A hashtag as marketplaces read one: lower case letters and digits, no spaces ("Levi's 501" -> "#levis501"). */
export function hashtagOf(word: string): string | null {
  const core = word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return core.length >= 2 ? `#${core}` : null;
}

/** At most `max` hashtags from the brand, the AI's tags and the category (in that order), without repeats. */
export function hashtagsFor(facts: AssistedItemFacts, max: number): string[] {
  if (max <= 0) return [];
  const words = [facts.brand ?? facts.extractedBrand ?? '', ...(facts.aiTags ?? []), garmentOf(facts.category ?? '') ?? ''];
  const tags: string[] = [];
  for (const word of words) {
    const tag = hashtagOf(word);
    if (tag && !tags.includes(tag)) tags.push(tag);
    if (tags.length === max) break;
  }
  return tags;
}

/** The title the app writes when the AI has not: brand and category. */
const fallbackTitle = (facts: AssistedItemFacts) =>
  [facts.brand ?? facts.extractedBrand, facts.category].filter(Boolean).join(' ').trim() || facts.sku;

/**
 * The item's listing in the marketplace's words: its title within the limit (none on Depop), the description within
 * the limit (Depop's ends with at most 5 hashtags, counted in its 1000 characters), and its size, condition and
 * category mapped from ours; what cannot be mapped is taken from the seller's answers, or asked. On a site outside the
 * US (`site`), sizes are in its standard and the description says the size in it ("Size: UK 12").
 */
export function assistedListingText(
  channel: AssistedChannel,
  facts: AssistedItemFacts,
  answers: AssistedAnswers = {},
  site: Pick<AssistedSite, 'sizeStandard'> | null = null,
): AssistedListingText {
  const m = assistedMarketplaces[channel];
  const standard = site?.sizeStandard ?? 'US';

  const questions: AssistedQuestion[] = [];
  const answered: AssistedListingText['answered'] = [];
  const pick = (field: AssistedQuestionField, mapped: Mapped, options: string[], ours: string | null): string | null => {
    const answer = answers[field];
    if (answer && options.includes(answer)) {
      answered.push({ field, ours, options, value: answer });
      return answer;
    }
    if (mapped !== ASK) return mapped;
    questions.push({ field, ours, options });
    return null;
  };
  const size = pick(
    'size',
    sizeFor(m, facts, standard),
    acceptedSizes(m, standard),
    [facts.extractedSize, facts.extractedSizeType].filter(Boolean).join(', ') || null,
  );
  const condition = pick('condition', conditionFor(m, facts.condition), [...m.conditions], facts.condition);
  const category = pick('category', categoryFor(m, facts), acceptedCategories(m), facts.category);

  const hashtags = hashtagsFor(facts, m.hashtagsMax);
  const tagLine = hashtags.join(' ');
  // Buyers outside the US read the size in their own standard in the text too, not only in the form's field.
  const sizeLine = standard !== 'US' && size ? `Size: ${size}` : '';
  const tail = [sizeLine, tagLine].filter(Boolean).join('\n\n');
  const body = (facts.aiDescription ?? '').trim();
  const room = m.descriptionMax === null ? null : m.descriptionMax - (tail ? tail.length + 2 : 0);
  const description = [fitText(body, room), tail].filter(Boolean).join('\n\n');
  return {
    title: m.titleMax === null ? null : fitText(facts.aiTitle?.trim() || fallbackTitle(facts), m.titleMax),
    description,
    hashtags,
    size,
    condition,
    category,
    questions,
    answered,
  };
}

/** Whether a URL the seller pasted is on the marketplace (https or http, its host or a subdomain of it). */
export function isListingUrlOf(channel: AssistedChannel, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const host = parsed.hostname.toLowerCase();
  return [...assistedMarketplaces[channel].hosts, ...assistedSiteHosts(channel)].some((h) => host === h || host.endsWith(`.${h}`));
}
