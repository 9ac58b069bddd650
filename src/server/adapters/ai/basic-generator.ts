import { conditionGradeOf, conditionLabel, type Category } from '@shared/domain/catalog';
import { ebayCategoryOf, productKindOf } from '@shared/domain/category-table';
import { regionWords } from '@shared/domain/region-words';
import { DESCRIPTION_MIN, listingDraftSchema, type Evidence, type ListingDraft } from '@shared/domain/listing';
import { ebayColours, type EbayColour } from '@shared/domain/ebay-colours';
import { COMMON_BRANDS, PLAIN_WORD_BRANDS } from '@shared/domain/common-brands';
import { garmentColours, namedOn } from './garment-colours';
import { basicTitle, conditionWordsOf, oneLine } from './basic-title';
import type { ListingGenerator, ListingRequest, SellerFacts } from './listing-generator';
import type { LabelReader, LabelReading } from './label-reading/read-labels';

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

/** What a category without one type is, by its department's row of the category table. */
const itemTypeOfKind: Partial<Record<string, string>> = {
  'Other Clothing|Women': 'Dress',
  'Other Clothing|Men': 'Sweater',
  'Shoes|Men': 'Sneakers',
  'Shoes|Women': 'Sneakers',
  'Accessories|Men': 'Belt',
  'Accessories|Women': 'Belt',
};

/** Said when nothing is known of the item's type (the seller chose no category). */
const UNKNOWN_TYPE = 'Clothing or Accessory';

/** The colour guessed from the photos' pixels, said as a guess for the seller to check. */
export const unconfirmedColourNote = (name: string, country?: string) =>
  `Looks ${name.toLowerCase()} in the photo: unconfirmed, check and enter the ${regionWords(country).color.toLowerCase()}`;

/** Pricing notes of every basic draft: it has no sold prices, so it suggests none. */
export const NO_PRICE_BASIS_NOTE =
  'No price basis is known: the offline draft has no sold prices to compare, so no price is suggested. Compare sold listings for this item and set a price before publishing.';

/**
 * The offline provider: a real, useful draft from what is known (the seller's category, condition and brand) and, with
 * a label reader, what the label photos say (brand, size, composition, country of manufacture; decision 165), each
 * with the text read as its evidence and only where the seller said nothing of it. Measurements stay empty. The
 * photos' dominant colour is only a guess (a busy backdrop or a patterned garment can mislead it): it is named as
 * unconfirmed, never put in the title or the Color aspect.
 */
export function createBasicGenerator(options: { labels?: LabelReader } = {}): ListingGenerator {
  return {
    provider: 'basic',
    rateLimitKey: null,
    generate: async (request) => basicDraft(request, await readColour(request), await readLabels(request, options.labels)),
    close: async () => options.labels?.close(),
  };
}

/** What the item's photos say on their labels, the seller's own brands looked for first; null with no reader. */
async function readLabels(request: ListingRequest, reader: LabelReader | undefined): Promise<LabelReading['facts'] | null> {
  if (!reader || request.photos.length === 0) return null;
  const reading = await reader.read(
    request.photos.map((p) => p.bytes),
    { brands: [...(request.sellerBrands ?? []), ...COMMON_BRANDS], aloneBrands: PLAIN_WORD_BRANDS, home: request.sizeSystem ?? 'US' },
  );
  return reading.facts;
}

/** The evidence of a fact read on a label: the photo and the text read there, as read. */
const labelEvidence = (read: { photo: number; text: string }): Evidence => {
  const text = read.text.replace(/\s+/g, ' ').trim();
  return { source: 'photo', photo: read.photo, note: `Read on the label: "${text.length > 240 ? `${text.slice(0, 239)}…` : text}"` };
};

/** A composition as a title says it: its one fibre ("100% Cotton": Cotton), else its main one's blend (Wool Blend). */
export function materialWord(composition: string): string {
  const main = /^(\d+)% (.+?)(?:,|$)/.exec(composition);
  if (!main) return composition;
  return Number(main[1]) >= 90 ? main[2]! : `${main[2]} Blend`;
}

/** The eBay aspect the country a label names goes in. */
const COUNTRY_ASPECT = 'Country/Region of Manufacture';

/** Under this confidence the photos' colour is not said at all: no guess is better than a wrong one. */
const COLOUR_CONFIDENCE_MIN = 0.15;

/**
 * The garment's main colour in eBay's colour list, from the first photos: each photo votes its main colour with its
 * confidence, and the name with the most confidence wins (on a tie, the earlier photo's).
 */
async function readColour(request: ListingRequest): Promise<{ name: EbayColour; photo: number } | null> {
  const votes = new Map<EbayColour, { weight: number; photo: number }>();
  const photos = request.photos.slice(0, COLOUR_PHOTOS);
  const reads = await Promise.all(photos.map((p) => garmentColours(p.bytes)));
  reads.forEach((read, photo) => {
    const main = read && namedOn(read, ebayColours)[0];
    if (!main || main.confidence < COLOUR_CONFIDENCE_MIN) return;
    const vote = votes.get(main.name) ?? { weight: 0, photo };
    votes.set(main.name, { weight: vote.weight + main.confidence, photo: vote.photo });
  });
  const best = [...votes.entries()].sort((a, b) => b[1].weight - a[1].weight || a[1].photo - b[1].photo)[0];
  return best ? { name: best[0], photo: best[1].photo } : null;
}

/**
 * A draft from what is known and nothing else: no price (there is no basis for one), no condition grade unless the
 * seller chose a condition, a title and description of the seller's facts that never contradict them (no
 * "Pre-owned" on a new item), and no SKU in the buyer-facing text.
 */
export function basicDraft(
  request: ListingRequest,
  colour: { name: EbayColour; photo: number } | null,
  labels: LabelReading['facts'] | null = null,
): ListingDraft {
  const category = (request.category ?? null) as Category | null;
  // The category's row of the table (decision 132): its department is the one the category names or the seller gave.
  const kind = productKindOf(category, request.department);
  const itemType = (kind && itemTypeOfKind[kind.key]) || (category && itemTypeOf[category]) || null;
  const department = kind?.department ?? null;
  const sellerBrand = oneLine(request.brand);
  const own = sellerFactsOf(request.facts);
  // What the labels say fills only what the seller did not: their word always wins.
  const readBrand = sellerBrand ? null : (labels?.brand ?? null);
  const readSize = own.size ? null : (labels?.size ?? null);
  const readMaterial = own.material ? null : (labels?.composition ?? null);
  const brand = sellerBrand ?? readBrand?.value ?? null;
  const facts: SellerFacts = { ...own, size: own.size ?? readSize?.value ?? null, material: own.material ?? readMaterial?.value ?? null };
  const grade = conditionGradeOf(request.condition);
  const conditionText = request.condition?.trim() ? conditionLabel(request.condition) : null;
  const hint = ebayCategoryOf(category, department);
  const departmentWord = department === 'Men' ? "Men's" : department === 'Women' ? "Women's" : null;

  // A composition read on a label is said in the title as its material ("Cotton"), the composition itself below.
  const titleFacts = readMaterial ? { ...facts, material: materialWord(readMaterial.value) } : facts;
  const title = basicTitle({ brand, departmentWord, itemType: itemType ?? UNKNOWN_TYPE, facts: titleFacts, condition: request.condition });
  const description = basicDescription({
    brand,
    departmentWord,
    itemType: itemType ?? UNKNOWN_TYPE,
    facts,
    condition: request.condition,
    conditionText,
    colorWord: regionWords(request.country).color,
  });

  const evidence: Partial<Record<string, Evidence>> = {};
  if (sellerBrand) evidence.brand = { source: 'seller', note: 'Entered by the seller' };
  else if (readBrand) evidence.brand = labelEvidence(readBrand);
  if (colour) evidence.color = { source: 'photo', photo: colour.photo, note: unconfirmedColourNote(colour.name, request.country) };
  if (department) evidence.department = { source: 'inferred', note: `From the category ${category}` };

  for (const [attribute, value] of Object.entries(own)) {
    if (value) evidence[attribute as keyof SellerFacts] = { source: 'seller', note: 'Entered by the seller' };
  }
  if (readSize) evidence.size = labelEvidence(readSize);
  if (readMaterial) evidence.material = labelEvidence(readMaterial);

  const specifics: Record<string, string> = {};
  if (brand) specifics.Brand = brand;
  if (department) specifics.Department = department;
  if (itemType) specifics.Type = itemType;
  if (labels?.country) specifics[COUNTRY_ASPECT] = labels.country.value;
  // The tag's barcode: the product identifier the marketplaces take ("EAN 5012345678900" as the specific EAN).
  const productCode = labels?.productCode && /^(UPC|EAN|ISBN) (\d+)$/.exec(labels.productCode.value);
  if (productCode) specifics[productCode[1]!] = productCode[2]!;

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
    extracted: { brand, ...facts, department },
    itemSpecifics: specifics,
    evidence,
  });
}

/** The seller's facts, each on one line, at most what a listing attribute holds. */
function sellerFactsOf(facts: SellerFacts | undefined): SellerFacts {
  const fact = (value: string | null | undefined) => oneLine(value)?.slice(0, 120) ?? null;
  return {
    size: fact(facts?.size),
    sizeType: fact(facts?.sizeType),
    color: fact(facts?.color),
    material: fact(facts?.material),
    style: fact(facts?.style),
    fit: fact(facts?.fit),
  };
}

/**
 * The offline description: what the item is, opened by its condition only where the seller said it ("Pre-owned" only
 * for a used condition), then the seller's facts, and what the photos must show for what is not known.
 */
function basicDescription(input: {
  brand: string | null;
  departmentWord: string | null;
  itemType: string;
  facts: SellerFacts;
  condition: string | null;
  conditionText: string | null;
  /** "Color" or "Colour": the seller's English. */
  colorWord: string;
}): string {
  const { facts } = input;
  const what = [input.brand, input.departmentWord?.toLowerCase(), input.itemType.toLowerCase()].filter(Boolean).join(' ');
  const opening = conditionWordsOf(input.condition).description;
  const known = [
    facts.size ? `Size ${facts.size}${facts.sizeType && facts.sizeType.toLowerCase() !== 'regular' ? ` (${facts.sizeType})` : ''}` : null,
    facts.color ? `${input.colorWord}: ${facts.color}` : null,
    facts.material ? `Material: ${facts.material}` : null,
    facts.style ? `Style: ${facts.style}` : null,
    facts.fit ? `Fit: ${facts.fit}` : null,
  ].filter(Boolean);
  const unknown = [facts.size ? null : 'size', facts.material ? null : 'material', 'measurements'].filter((w): w is string => w !== null);
  const paragraphs = [
    opening ? `${opening}: ${what}.` : `${what.charAt(0).toUpperCase()}${what.slice(1)}.`,
    ...(known.length ? [`${known.join('. ')}.`] : []),
    input.conditionText
      ? `Condition: ${input.conditionText.toLowerCase()}, as described by the seller. Please see all photos for details.`
      : 'Condition: please see all photos for details.',
    `${listedWords(unknown)}: see the photos of the tags.`,
  ];
  let description = paragraphs.join('\n\n');
  if (description.length < DESCRIPTION_MIN) description += '\n\nShips quickly and carefully packed.';
  return description;
}

/** ["size", "material", "measurements"] -> "Size, material and measurements". */
function listedWords(words: string[]): string {
  const text = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
