import { HINT_EBAY_CATEGORIES, conditionGradeOf, conditionLabel, departmentOf, type Category } from '@shared/domain/catalog';
import { DESCRIPTION_MIN, TITLE_MAX, listingDraftSchema, type Evidence, type ListingDraft } from '@shared/domain/listing';
import { dominantColourName, type ColourName } from './dominant-colour';
import type { ListingGenerator, ListingRequest } from './listing-generator';

/** How many photos the colour is read from: the first ones show the whole product. */
const COLOUR_PHOTOS = 3;

const itemTypeOf: Record<Category, string> = {
  'Mens Jeans': 'Jeans',
  'Mens Pants': 'Pants',
  'Mens Shorts': 'Shorts',
  'Mens Tops': 'Top',
  'Mens Outerwear': 'Jacket',
  'Womens Jeans': 'Jeans',
  'Womens Pants': 'Pants',
  'Womens Shorts': 'Shorts',
  'Womens Tops': 'Top',
  'Womens Outerwear': 'Jacket',
  Unisex: 'Clothing',
  Accessories: 'Accessory',
  Shoes: 'Shoes',
  'Other Clothing': 'Clothing',
};

/** Said when nothing is known of the item's type (the seller chose no category). */
const UNKNOWN_TYPE = 'Clothing or Accessory';

/** The colour guessed from the photos' pixels, said as a guess for the seller to check (issue 31). */
export const unconfirmedColourNote = (name: string) => `Looks ${name.toLowerCase()} in the photo: unconfirmed, check and enter the colour`;

/** Pricing notes of every basic draft: it has no sold prices, so it suggests none. */
export const NO_PRICE_BASIS_NOTE =
  'No price basis is known: the offline draft has no sold prices to compare, so no price is suggested. Compare sold listings for this item and set a price before publishing.';

/**
 * The offline provider: a real, useful draft from what is known (the seller's category, condition and brand). It
 * reads no labels, so size, material and measurements stay empty. The photos' dominant colour is only a guess (a
 * brown mug on a blue cloth reads "Blue"): it is named as unconfirmed, never put in the title or the Color aspect.
 */
export function createBasicGenerator(): ListingGenerator {
  return {
    provider: 'basic',
    rateLimitKey: null,
    generate: async (request) => basicDraft(request, await readColour(request)),
  };
}

async function readColour(request: ListingRequest): Promise<{ name: ColourName; photo: number } | null> {
  const votes = new Map<ColourName, { count: number; photo: number }>();
  const photos = request.photos.slice(0, COLOUR_PHOTOS);
  const names = await Promise.all(photos.map((p) => dominantColourName(p.bytes)));
  names.forEach((name, photo) => {
    if (!name) return;
    const vote = votes.get(name) ?? { count: 0, photo };
    votes.set(name, { count: vote.count + 1, photo: vote.photo });
  });
  const best = [...votes.entries()].sort((a, b) => b[1].count - a[1].count || a[1].photo - b[1].photo)[0];
  return best ? { name: best[0], photo: best[1].photo } : null;
}

/**
 * A draft from what is known and nothing else: no price (there is no basis for one), no condition grade unless the
 * seller chose a condition, a title of the known words (brand, department, colour, type), and no SKU in the
 * buyer-facing text.
 */
export function basicDraft(request: ListingRequest, colour: { name: ColourName; photo: number } | null): ListingDraft {
  const category = (request.category ?? null) as Category | null;
  const itemType = (category && itemTypeOf[category]) || null;
  const department = departmentOf(category);
  const brand = request.brand?.trim() || null;
  const grade = conditionGradeOf(request.condition);
  const conditionText = request.condition?.trim() ? conditionLabel(request.condition) : null;
  const hint = category && category in HINT_EBAY_CATEGORIES ? HINT_EBAY_CATEGORIES[category as keyof typeof HINT_EBAY_CATEGORIES] : null;
  const departmentWord = department === 'Men' ? "Men's" : department === 'Women' ? "Women's" : null;

  const titleWords = [brand, departmentWord, itemType ?? UNKNOWN_TYPE].filter(Boolean) as string[];
  let title = titleWords.join(' ');
  if (title.length < 20) title = `Pre-Owned ${title}`;
  title = title.slice(0, TITLE_MAX).trim();

  const what = [brand, (itemType ?? UNKNOWN_TYPE).toLowerCase()].filter(Boolean).join(' ');
  const paragraphs = [
    `Pre-owned ${what}${departmentWord ? ` (${departmentWord.toLowerCase()})` : ''}.`,
    conditionText
      ? `Condition: ${conditionText.toLowerCase()}, as described by the seller. Please see all photos for details.`
      : 'Condition: please see all photos for details.',
    'Size, material and measurements: see the photos of the tags.',
  ];
  let description = paragraphs.join('\n\n');
  if (description.length < DESCRIPTION_MIN) description += '\n\nShips quickly and carefully packed.';

  const evidence: Partial<Record<string, Evidence>> = {};
  if (brand) evidence.brand = { source: 'seller', note: 'Entered by the seller' };
  if (colour) evidence.color = { source: 'photo', photo: colour.photo, note: unconfirmedColourNote(colour.name) };
  if (department) evidence.department = { source: 'inferred', note: `From the category ${category}` };

  const specifics: Record<string, string> = {};
  if (brand) specifics.Brand = brand;
  if (department) specifics.Department = department;
  if (itemType) specifics.Type = itemType;

  const tags = [...new Set([brand, itemType, department, category].filter(Boolean).map((t) => (t as string).toLowerCase()))];

  return listingDraftSchema.parse({
    title,
    description,
    tags,
    conditionNotes: conditionText
      ? `${conditionText} as stated by the seller; check the photos for wear.`
      : 'Condition not stated; check the photos for wear.',
    measurements: {},
    suggestedPrice: null,
    pricingNotes: NO_PRICE_BASIS_NOTE,
    ebayCategoryId: hint?.id ?? null,
    ebayCategoryName: hint?.name ?? category,
    categoryConfidence: hint ? 0.6 : category ? 0.3 : 0,
    ebayConditionGrade: grade,
    extracted: { brand, size: null, color: null, material: null, style: null, fit: null, department, sizeType: null },
    itemSpecifics: specifics,
    evidence,
  });
}
