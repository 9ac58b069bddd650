import { conditionGradeOf, conditionLabel, type Category } from '@shared/domain/catalog';
import { draftMarketplace } from '@shared/contracts/marketplace-registry';
import { productKindOf } from '@shared/domain/category-table';
import { regionWords } from '@shared/domain/region-words';
import { DESCRIPTION_MIN, listingDraftSchema, type Evidence, type ListingDraft } from '@shared/domain/listing';
import { brandAsWritten, LABEL_NOTE_PREFIX } from '@shared/domain/brand-typo';
import { COMMON_BRANDS, PLAIN_WORD_BRANDS } from '@shared/domain/common-brands';
import { garmentColours, namedOn } from './garment-colours';
import { basicTitle, conditionWordsOf, oneLine } from './basic-title';
import { listingLanguageOf, listingWordsOf, type ListingWords } from './listing-words';
import type { ListingGenerator, ListingRequest, SellerFacts } from './listing-generator';
import type { LabelReader, LabelReading } from './label-reading/read-labels';
import { inWords } from '@shared/domain/in-words';

/** How many photos the colour is read from: the first ones of the garment (not of its tags) show the whole product. */
const COLOUR_PHOTOS = 3;

/**
 * From this confidence (decision 164's: the naming's margin times the swatch's nearness times the colour's share) the
 * photos' colour is a fact that fills the item's colour; under it, only a guess. bench/garment-colour.ts names none
 * wrong above it (decision 171).
 */
export const COLOUR_FACT_MIN = 0.5;

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
 * with the text read (and where on the photo) as its evidence and only where the seller said nothing of it.
 * Measurements stay empty. The garment photos' colour is a fact too where read surely (decision 171); a doubtful one (a
 * busy backdrop, a patterned garment) is only named as unconfirmed, never put in the title or the Color aspect.
 */
export function createBasicGenerator(options: { labels?: LabelReader } = {}): ListingGenerator {
  return {
    provider: 'basic',
    rateLimitKey: null,
    generate: async (request) => {
      const labels = await readLabels(request, options.labels);
      return basicDraft(request, await readColour(request, labels), labels?.facts ?? null);
    },
    close: async () => options.labels?.close(),
  };
}

/** What the item's photos say on their labels, the seller's own brands looked for first; null with no reader. */
export async function readLabels(request: ListingRequest, reader: LabelReader | undefined): Promise<LabelReading | null> {
  if (!reader || request.photos.length === 0) return null;
  return reader.read(
    request.photos.map((p) => p.bytes),
    { brands: [...(request.sellerBrands ?? []), ...COMMON_BRANDS], aloneBrands: PLAIN_WORD_BRANDS, home: request.sizeSystem ?? 'US' },
  );
}

/** The evidence of a fact read on a label: the photo, the text read there, as read, and where on the photo. */
export const labelEvidence = (read: { photo: number; text: string; box?: Evidence['box'] }): Evidence => {
  const text = read.text.replace(/\s+/g, ' ').trim();
  return {
    source: 'photo',
    photo: read.photo,
    note: `${LABEL_NOTE_PREFIX}"${text.length > 240 ? `${text.slice(0, 239)}…` : text}"`,
    ...(read.box ? { box: read.box } : {}),
  };
};

/** The whole photo: the colour's evidence is the photo it was read on. */
const WHOLE_PHOTO = { x: 0, y: 0, width: 1, height: 1 };

/** The evidence of a colour read from the pixels: the photo, the swatch of the colour named and its share of the garment. */
export const colourEvidence = (colour: ColourRead, note: string): Evidence => ({
  source: 'photo',
  photo: colour.photo,
  note,
  box: WHOLE_PHOTO,
  swatch: colour.hex,
  share: Math.round(colour.share * 100) / 100,
});

/** "Denim, 92% of the garment": the everyday colour seen (where it is not the name itself) and how much of the garment is it. */
export function colourNote(colour: ColourRead): string {
  const share = `${Math.round(colour.share * 100)}% of the garment`;
  if (colour.shade.toLowerCase() === colour.name.toLowerCase()) return share.charAt(0).toUpperCase() + share.slice(1);
  return `${colour.shade.charAt(0).toUpperCase()}${colour.shade.slice(1)}, ${share}`;
}

/** A composition as a title says it: its one fibre ("100% Cotton": Cotton), else its main one's blend (Wool Blend). */
export function materialWord(composition: string, words: ListingWords = listingWordsOf('en')): string {
  const main = /^(\d+)% (.+?)(?:,|$)/.exec(composition);
  if (!main) return words.composition(composition);
  return Number(main[1]) >= 90 ? words.word(main[2]!) : words.blend(words.word(main[2]!));
}

/** The eBay aspect the country a label names goes in. */
const COUNTRY_ASPECT = 'Country/Region of Manufacture';

/** Under this confidence the photos' colour is not said at all: no guess is better than a wrong one. */
const COLOUR_CONFIDENCE_MIN = 0.15;

/** The main colour one photo shows, named in the draft marketplace's list (eBay's). */
export interface ColourRead {
  name: string;
  /** The everyday colour nearest ("denim") and its swatch. */
  shade: string;
  hex: string;
  photo: number;
  confidence: number;
  /** Its share of the garment (0-1). */
  share: number;
  /** Whether the garment stood out from a plain backdrop ('backdrop'), or only the photo's middle was read ('centre'). */
  method: 'backdrop' | 'centre';
}

/**
 * The garment's colour from each garment photo's main colour: each photo votes its colour with its confidence, and
 * the name with the most confidence wins (on a tie, the earlier photo's), said by its surest photo. It is `sure` (a
 * fact) when that photo told the garment from its backdrop (the bench's threshold is of such photos: a photo of one
 * flat colour may be anything), its confidence reaches COLOUR_FACT_MIN and no other photo is as sure of another colour.
 */
export function chooseColour(reads: readonly (ColourRead | null)[]): (ColourRead & { sure: boolean }) | null {
  const said = reads.filter((r): r is ColourRead => r !== null && r.confidence >= COLOUR_CONFIDENCE_MIN);
  const votes = new Map<string, { weight: number; first: number; best: ColourRead }>();
  for (const read of said) {
    const vote = votes.get(read.name);
    if (!vote) votes.set(read.name, { weight: read.confidence, first: read.photo, best: read });
    else
      votes.set(read.name, {
        ...vote,
        weight: vote.weight + read.confidence,
        best: read.confidence > vote.best.confidence ? read : vote.best,
      });
  }
  const winner = [...votes.values()].sort((a, b) => b.weight - a.weight || a.first - b.first)[0];
  if (!winner) return null;
  const contradicted = said.some((r) => r.name !== winner.best.name && r.confidence >= COLOUR_FACT_MIN);
  const best = winner.best;
  return { ...best, sure: best.method === 'backdrop' && best.confidence >= COLOUR_FACT_MIN && !contradicted };
}

/**
 * The garment's main colour from its first photos. With a label reader, the photos it read a label on are the tags'
 * (a black tag is not a black garment) and are left out, and a colour read surely is a fact; without one, which photos
 * show tags is not known, so the colour stays a guess.
 */
async function readColour(request: ListingRequest, labels: LabelReading | null): Promise<(ColourRead & { sure: boolean }) | null> {
  const garment = request.photos
    .map((photo, index) => ({ photo, index }))
    .filter(({ index }) => !labels || !isLabelPhoto(labels.photos[index]))
    .slice(0, COLOUR_PHOTOS);
  const reads = await Promise.all(
    garment.map(async ({ photo, index }): Promise<ColourRead | null> => {
      const read = await garmentColours(photo.bytes);
      const main = read && namedOn(read, draftMarketplace.colours)[0];
      if (!read || !main) return null;
      return {
        name: main.name,
        shade: main.shade,
        hex: main.hex,
        photo: index,
        confidence: main.confidence,
        share: main.share,
        method: read.method,
      };
    }),
  );
  const chosen = chooseColour(reads);
  return chosen && { ...chosen, sure: chosen.sure && labels !== null };
}

/** A photo the OCR read text on is of a tag or a label, not of the garment's colour. */
const isLabelPhoto = (read: LabelReading['photos'][number] | undefined) =>
  read !== undefined && (Object.keys(read.facts).length > 0 || read.lines.some((line) => line.text.replace(/\W/g, '').length >= 2));

/**
 * A draft from what is known and nothing else: no price (there is no basis for one), no condition grade unless the
 * seller chose a condition, a title and description of the seller's facts that never contradict them (no
 * "Pre-owned" on a new item), and no SKU in the buyer-facing text.
 */
export function basicDraft(
  request: ListingRequest,
  colour: (ColourRead & { sure: boolean }) | null,
  labels: LabelReading['facts'] | null = null,
): ListingDraft {
  const category = (request.category ?? null) as Category | null;
  // The category's row of the table (decision 132): its department is the one the category names or the seller gave.
  const kind = productKindOf(category, request.department);
  const itemType = (kind && itemTypeOfKind[kind.key]) || (category && itemTypeOf[category]) || null;
  const department = kind?.department ?? null;
  const typedBrand = oneLine(request.brand);
  const sellerBrand = typedBrand && brandAsWritten(typedBrand);
  const own = sellerFactsOf(request.facts);
  // What the labels say fills only what the seller did not: their word always wins.
  const readBrand = sellerBrand ? null : (labels?.brand ?? null);
  const readSize = own.size ? null : (labels?.size ?? null);
  const readMaterial = own.material ? null : (labels?.composition ?? null);
  // A colour read surely from the garment's photos is a fact like the label's; a doubtful one is only said as a guess.
  const readColourFact = own.color || !colour?.sure ? null : colour;
  const brand = sellerBrand ?? readBrand?.value ?? null;
  const facts: SellerFacts = {
    ...own,
    size: own.size ?? readSize?.value ?? null,
    color: own.color ?? readColourFact?.name ?? null,
    material: own.material ?? readMaterial?.value ?? null,
  };
  const grade = conditionGradeOf(request.condition);
  const conditionText = request.condition?.trim() ? conditionLabel(request.condition) : null;
  const hint = draftMarketplace.categoryOf(category, department);
  const departmentWord = department === 'Men' ? "Men's" : department === 'Women' ? "Women's" : null;
  // Written in the buyers' language (the seller's country's: listing-words.ts); the facts known in English said in it.
  const words = listingWordsOf(listingLanguageOf(request.country));

  // A composition read on a label is said in the title as its material ("Cotton"), the composition itself below.
  const titleFacts = readMaterial ? { ...facts, material: materialWord(readMaterial.value, words) } : facts;
  const title = basicTitle({
    brand,
    departmentWord,
    itemType: itemType ?? UNKNOWN_TYPE,
    facts: titleFacts,
    condition: request.condition,
    words,
  });
  const description = basicDescription({
    brand,
    departmentWord,
    itemType: itemType ?? UNKNOWN_TYPE,
    facts,
    condition: request.condition,
    conditionText,
    words: words.language === 'en' ? { ...words, labels: { ...words.labels, color: regionWords(request.country).color } } : words,
  });

  const evidence: Partial<Record<string, Evidence>> = {};
  if (sellerBrand) evidence.brand = { source: 'seller', note: 'Entered by the seller' };
  else if (readBrand) evidence.brand = labelEvidence(readBrand);
  if (colour && !readColourFact)
    evidence.color = { source: 'photo', photo: colour.photo, note: unconfirmedColourNote(colour.name, request.country) };
  if (department) evidence.department = { source: 'inferred', note: `From the category ${category}` };

  for (const [attribute, value] of Object.entries(own)) {
    if (value) evidence[attribute as keyof SellerFacts] = { source: 'seller', note: 'Entered by the seller' };
  }
  if (readSize) evidence.size = labelEvidence(readSize);
  if (readMaterial) evidence.material = labelEvidence(readMaterial);
  if (readColourFact) evidence.color = colourEvidence(readColourFact, colourNote(readColourFact));

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
    conditionNotes: conditionText ? words.conditionNotes(words.word(conditionText)) : words.conditionNotesUnsaid,
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
  /** The listing's language, with the seller's English ("Color" or "Colour") where it is English. */
  words: ListingWords;
}): string {
  const { facts, words } = input;
  const said = (text: string | null | undefined) => (text ? words.word(text) : null);
  const what = words.what(input.brand, said(input.departmentWord), words.word(input.itemType));
  const opening = said(conditionWordsOf(input.condition).description);
  const sizeType =
    facts.sizeType && !/^(regular|normal|standard|regolare)$/i.test(facts.sizeType) ? ` (${words.word(facts.sizeType)})` : '';
  const known = [
    facts.size ? `${words.labels.size} ${facts.size}${sizeType}` : null,
    facts.color ? `${words.labels.color}${words.colon}${words.word(facts.color)}` : null,
    facts.material ? `${words.labels.material}${words.colon}${words.composition(facts.material)}` : null,
    facts.style ? `${words.labels.style}${words.colon}${facts.style}` : null,
    facts.fit ? `${words.labels.fit}${words.colon}${facts.fit}` : null,
  ].filter(Boolean);
  const unknown = [
    facts.size ? null : words.unknown.size,
    facts.material ? null : words.unknown.material,
    words.unknown.measurements,
  ].filter((w): w is string => w !== null);
  const paragraphs = [
    opening ? `${opening}${words.colon}${what}.` : `${what.charAt(0).toUpperCase()}${what.slice(1)}.`,
    ...(known.length ? [`${known.join('. ')}.`] : []),
    input.conditionText ? words.conditionAsSaid(words.word(input.conditionText)) : words.conditionUnsaid,
    `${listedWords(unknown, words.unknown.and)}${words.colon}${words.unknown.seeTags}.`,
  ];
  let description = paragraphs.join('\n\n');
  if (description.length < DESCRIPTION_MIN) description += `\n\n${words.shipsWell}`;
  return description;
}

/** ["size", "material", "measurements"] -> "Size, material and measurements". */
function listedWords(words: string[], and = 'and'): string {
  const text = inWords(words, and);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
