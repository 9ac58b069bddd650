import { z } from 'zod';
import { CATEGORIES, ITEM_SPECIFIC_OPTIONS, PUBLISH_CONDITIONS, SIZE_TYPES, STYLES, itemSpecificKeysFor } from '@shared/domain/catalog';
import { draftMarketplace, homeSiteOf } from '@shared/contracts/marketplace-registry';
import { DESCRIPTION_MIN, EXTRACTED_ATTRIBUTES, TITLE_MAX, listingDraftSchema, type ListingDraft } from '@shared/domain/listing';
import { defaultSellerCountry, sellerRegionOf } from '@shared/domain/seller-region';
import { InvalidListingError, type ListingRequest } from './listing-generator';
import { listingLanguageOf, type ListingLanguage } from './listing-words';

/**
 * The prompt and the output schema, shared by every provider. The model answers in a "wire" shape that strict
 * JSON-schema modes accept (no open maps: name/value lists instead, photo numbers from 1); toListingDraft turns it
 * into the domain's ListingDraft and validates it. The listing is the draft marketplace's (decision 177): its name,
 * and its own words for its category, colours and item specifics, come from its traits.
 */

export const LISTING_TOOL_NAME = 'submit_listing';
export const LISTING_SCHEMA_NAME = 'listing';

const { name: marketplaceName, prompt } = draftMarketplace;

/** What the tool that submits the listing is for (Anthropic's forced tool call). */
export const LISTING_TOOL_DESCRIPTION = `Submit the finished ${marketplaceName} listing for the item.`;

const nullableText = (description: string) => z.string().nullable().describe(description);

const nameValue = (nameHint: string, valueHint: string) =>
  z.object({ name: z.string().describe(nameHint), value: z.string().describe(valueHint) });

export const listingWireSchema = z.object({
  title: z
    .string()
    .describe(
      `${marketplaceName} title, at most ${TITLE_MAX} characters: brand, item type, key attributes (size, colour, style). No all-caps words, no keyword stuffing.`,
    ),
  description: z
    .string()
    .describe(
      `At least ${DESCRIPTION_MIN} characters. Short paragraphs: overview, details (material, fit, features), condition with every visible flaw, measurements when visible.`,
    ),
  tags: z.array(z.string()).describe('5 to 15 short search keywords, lower case.'),
  conditionNotes: z
    .string()
    .describe('Honest condition notes: wear, fading, pilling, stains, holes, missing parts. "No visible flaws" when none are visible.'),
  measurements: z
    .array(
      nameValue(
        'camelCase name: pitToPit, length, sleeveLength, shoulders, waist, inseam, rise, legOpening, hips...',
        'value with unit as read, e.g. "21 in"',
      ),
    )
    .describe('Only measurements visibly read from a photo (a measuring tape or a tag). Empty list when none are visible. Never estimate.'),
  suggestedPrice: z
    .number()
    .describe(
      `Suggested ${marketplaceName} price in the currency the request names (its "Price currency"), 2 decimals, for this brand, item and condition on the second-hand market.`,
    ),
  pricingNotes: z.string().describe('Why this price: comparable sold items, brand demand, condition; amounts in the same currency.'),
  ebayCategoryId: nullableText(prompt.categoryId),
  ebayCategoryName: nullableText(prompt.categoryName),
  categoryConfidence: z.number().describe(`Confidence in the ${marketplaceName} category from 0 to 1.`),
  ebayConditionGrade: z.enum(PUBLISH_CONDITIONS).describe('Condition grade.'),
  brand: nullableText('Brand as printed on a label or logo; null when not visible and not given by the seller.'),
  size: nullableText('Size exactly as printed on the size tag; null when no tag is readable. Never guess.'),
  color: nullableText(prompt.colour),
  material: nullableText('Material from the care label (e.g. "100% Cotton"); null when no label is readable.'),
  style: nullableText(`Style, one of: ${STYLES.join(', ')} (or a better word for non-trouser items).`),
  fit: nullableText('Fit type, e.g. Regular, Slim, Relaxed, Athletic, Oversized.'),
  department: nullableText('Men, Women, Unisex Adults, Boys or Girls.'),
  sizeType: nullableText(`One of: ${SIZE_TYPES.join(', ')}.`),
  itemSpecifics: z.array(nameValue(prompt.itemSpecificName, 'its value')).describe(prompt.itemSpecifics),
  evidence: z
    .array(
      z.object({
        attribute: z.enum(EXTRACTED_ATTRIBUTES),
        source: z.enum(['photo', 'inferred']),
        photo: z.number().nullable().describe('Photo number (from 1) the value was read from when source is "photo", else null.'),
        note: z.string().describe('What shows it: "size tag", "care label", "logo on the chest", or why it is inferred.'),
      }),
    )
    .describe('One entry for every attribute (brand, size, color, material, style, fit, department, sizeType) that is not null.'),
});
export type ListingWire = z.infer<typeof listingWireSchema>;

/** The JSON schema of the wire shape, for response_format json_schema (OpenAI) and tool input_schema (Anthropic). */
export function listingJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(listingWireSchema, { target: 'draft-7' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

export function listingSystemPrompt(): string {
  return [
    `You are an expert ${marketplaceName} reseller of second-hand fashion. You write accurate, honest, search-friendly listings from product photos.`,
    'Rules:',
    `- Title: at most ${TITLE_MAX} characters, ${marketplaceName} style: brand, item type, then key attributes. Title case, never all caps, no keyword stuffing, no emojis.`,
    `- Description: at least ${DESCRIPTION_MIN} characters, structured in short paragraphs, honest about every visible flaw.`,
    '- Read brand, size and material only from what the photos show (labels, tags, logos) or what the seller states. Sizes and measurements are NEVER invented: leave them null / empty when not visible.',
    '- Every extracted attribute that is not null has an evidence entry: the photo number it was read from, or "inferred" with the reason.',
    `- Price in the currency the request names, for a realistic quick sale on the ${marketplaceName} site it names, with short pricing notes in that currency.`,
    `- Seller categories are: ${CATEGORIES.join(', ')}.`,
    `- Known ${marketplaceName} category ids: men's jeans ${draftMarketplace.categoryOf('Mens Jeans')!.id}, women's jeans ${draftMarketplace.categoryOf('Womens Jeans')!.id}.`,
    'Answer only with the requested structured output.',
  ].join('\n');
}

/** The text that goes with the photos: what the seller said and which item specifics to fill. */
export function listingUserPrompt(request: ListingRequest): string {
  const keys = itemSpecificKeysFor(request.category);
  const specifics = keys.map((key) => {
    const options = (ITEM_SPECIFIC_OPTIONS as Record<string, readonly string[]>)[key];
    return `  - ${key}${options ? ` (one of: ${options.join(', ')})` : ' (free text)'}`;
  });
  return [
    `Write the ${marketplaceName} listing for item ${request.sku}. ${request.photos.length} photo(s) follow, numbered from 1 in order.`,
    'What the seller told us (trust it over your own reading):',
    `  - Category: ${request.category ?? 'not given'}`,
    `  - Condition: ${request.condition ?? 'not given'}`,
    `  - Brand: ${request.brand ?? 'not given'}`,
    ...sellerFactLines(request.facts),
    'Item specifics to fill when the photos show them:',
    ...specifics,
    pricingLine(request.pricing),
    ...languageLines(request.country),
  ].join('\n');
}

const languageNames: Record<ListingLanguage, string> = { en: 'English', de: 'German', fr: 'French', it: 'Italian', es: 'Spanish' };

/**
 * The listing's language (listing-words.ts): the buyers' of the seller's country. The facts stay in English, as the
 * app keeps them; the marketplaces get them in their own words at their door.
 */
export function languageLines(country: string | null | undefined): string[] {
  const language = listingLanguageOf(country);
  if (language === 'en') return [];
  return [
    `Write the title, the description, the condition notes and the tags in ${languageNames[language]}, the buyers' language; keep the brand as printed.`,
    "Keep the extracted attributes and the item specifics in English (the app turns them into the marketplace's words).",
  ];
}

const defaultSite = homeSiteOf(sellerRegionOf(defaultSellerCountry));

/** The price's currency and site: the item's own (a UK seller's pounds on eBay UK), never dollars read as pounds. */
export const pricingLine = (
  pricing: ListingRequest['pricing'] = { currency: defaultSite.currency, marketplace: defaultSite.name },
): string =>
  `Price currency: ${pricing.currency}. Price it for a quick sale on ${pricing.marketplace}; write the pricing notes' amounts in ${pricing.currency} too.`;

/**
 * The other facts the seller set, one line each. A size the seller set is eBay's standard value (picked
 * from eBay's list where the label's did not map): the title says it as given, never the label's own words.
 */
function sellerFactLines(facts: ListingRequest['facts']): string[] {
  if (!facts) return [];
  const lines = [
    facts.size ? `  - Size: ${facts.size} (write the size exactly so, in the title too, even where the label reads otherwise)` : null,
    facts.sizeType ? `  - Size type: ${facts.sizeType}` : null,
    facts.color ? `  - Colour: ${facts.color}` : null,
    facts.material ? `  - Material: ${facts.material}` : null,
    facts.style ? `  - Style: ${facts.style}` : null,
    facts.fit ? `  - Fit: ${facts.fit}` : null,
  ];
  return lines.filter((line): line is string => line !== null);
}

/** JSON text from the model -> a validated ListingDraft, or InvalidListingError with a message a seller can read. */
export function parseListingText(text: string, photoCount: number): ListingDraft {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new InvalidListingError('The AI returned malformed JSON instead of a listing. Please try again.');
  }
  return toListingDraft(raw, photoCount);
}

/** A parsed wire object -> a validated ListingDraft. */
export function toListingDraft(raw: unknown, photoCount: number): ListingDraft {
  const wire = listingWireSchema.safeParse(withNullsFilledIn(raw));
  if (!wire.success)
    throw new InvalidListingError(`The AI returned an incomplete listing (${describeIssues(wire.error)}). Please try again.`);
  const w = wire.data;
  const evidence: Record<string, { source: 'photo' | 'inferred'; photo?: number; note: string }> = {};
  for (const e of w.evidence) {
    const index = e.photo === null ? undefined : Math.round(e.photo) - 1;
    const onPhoto = e.source === 'photo' && index !== undefined && index >= 0 && index < photoCount;
    evidence[e.attribute] = onPhoto ? { source: 'photo', photo: index, note: e.note } : { source: 'inferred', note: e.note };
  }
  const draft = listingDraftSchema.safeParse({
    title: w.title,
    description: w.description,
    tags: w.tags.map((t) => t.trim()).filter(Boolean),
    conditionNotes: w.conditionNotes,
    measurements: Object.fromEntries(w.measurements.filter((m) => m.value.trim()).map((m) => [toCamelCase(m.name), m.value.trim()])),
    suggestedPrice: w.suggestedPrice,
    pricingNotes: w.pricingNotes,
    ebayCategoryId: blankToNull(w.ebayCategoryId),
    ebayCategoryName: blankToNull(w.ebayCategoryName),
    categoryConfidence: w.categoryConfidence,
    ebayConditionGrade: w.ebayConditionGrade,
    extracted: {
      brand: blankToNull(w.brand),
      size: blankToNull(w.size),
      color: blankToNull(w.color),
      material: blankToNull(w.material),
      style: blankToNull(w.style),
      fit: blankToNull(w.fit),
      department: blankToNull(w.department),
      sizeType: blankToNull(w.sizeType),
    },
    itemSpecifics: Object.fromEntries(
      w.itemSpecifics.filter((s) => s.name.trim() && s.value.trim()).map((s) => [s.name.trim(), s.value.trim()]),
    ),
    evidence,
  });
  if (!draft.success)
    throw new InvalidListingError(`The AI returned an invalid listing (${describeIssues(draft.error)}). Please try again.`);
  return draft.data;
}

/** Non-strict providers (tool use) sometimes leave out a null field; absent means null, nothing more. */
function withNullsFilledIn(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const filled: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [key, field] of Object.entries(listingWireSchema.shape)) {
    if (filled[key] === undefined && field.safeParse(null).success) filled[key] = null;
  }
  if (Array.isArray(filled.evidence)) {
    filled.evidence = filled.evidence.map((e: unknown) =>
      e && typeof e === 'object' && (e as { photo?: unknown }).photo === undefined ? { ...e, photo: null } : e,
    );
  }
  return filled;
}

function blankToNull(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value.trim();
}

/** "Pit to pit" / "pit_to_pit" / "pitToPit" -> "pitToPit". */
export function toCamelCase(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'listing'}: ${i.message}`)
    .join('; ');
}
