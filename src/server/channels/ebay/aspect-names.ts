/**
 * The names of the item specifics the app itself fills, on each eBay marketplace (decision 114). eBay's
 * Taxonomy answers `localizedAspectName` "always localized for the specified marketplace" (its contract's words;
 * "Colour on the eBay UK site" its example), and the Inventory API's `product.aspects` takes those names: a German
 * seller's listing sends "Größe" and "Marke", not "Size" and "Brand".
 *
 * The item keeps its own words (the AI's attributes, the Publish Settings' item specifics under their English keys);
 * this table turns a name into its meaning and the meaning into the marketplace's name at eBay's door, and the
 * pre-flight matches the category's aspects by meaning, so a name spelled otherwise by eBay is still found.
 *
 * Sources (read 2026-11-27; SIZES.md "Localised aspect names"): eBay's Taxonomy contract and reference
 * (developer.ebay.com/api-docs/buy/taxonomy/types/txn:Aspect, localizedAspectName); a Stack Exchange answer (copied at
 * volcengine.com/article/2837871): eBay Germany's tree names Brand "Marke" (none: "Ohne Marke"), answered by the
 * tree's id whatever the Accept-Language. The other German, French, Italian and Spanish names are eBay's sites'
 * wording as sellers see it there, not read from an eBay document: check them against the live Taxonomy API.
 */

export const aspectMeanings = [
  'brand',
  'department',
  'size',
  'sizeType',
  'color',
  'style',
  'material',
  'type',
  'mpn',
  'sleeveLength',
  'fitType',
  'pattern',
  'collarStyle',
  'season',
] as const;
export type AspectMeaning = (typeof aspectMeanings)[number];

export type AspectLanguage = 'en' | 'enGB' | 'de' | 'fr' | 'it' | 'es';

/** eBay US's names, as the app sent them before (the Publish Settings' "Fit Type" included). */
const usNames: Record<AspectMeaning, string> = {
  brand: 'Brand',
  department: 'Department',
  size: 'Size',
  sizeType: 'Size Type',
  color: 'Color',
  style: 'Style',
  material: 'Material',
  type: 'Type',
  mpn: 'MPN',
  sleeveLength: 'Sleeve Length',
  fitType: 'Fit Type',
  pattern: 'Pattern',
  collarStyle: 'Collar Style',
  season: 'Season',
};

const namesByLanguage: Record<AspectLanguage, Record<AspectMeaning, string>> = {
  en: usNames,
  // The UK's and Australia's: eBay US's but for "Colour" (the Taxonomy reference's own example).
  enGB: { ...usNames, color: 'Colour' },
  de: {
    brand: 'Marke',
    department: 'Abteilung',
    size: 'Größe',
    sizeType: 'Größentyp',
    color: 'Farbe',
    style: 'Stil',
    material: 'Material',
    type: 'Produktart',
    mpn: 'Herstellernummer',
    sleeveLength: 'Ärmellänge',
    fitType: 'Passform',
    pattern: 'Muster',
    collarStyle: 'Kragenform',
    season: 'Saison',
  },
  fr: {
    brand: 'Marque',
    department: 'Département',
    size: 'Taille',
    sizeType: 'Type de taille',
    color: 'Couleur',
    style: 'Style',
    material: 'Matière',
    type: 'Type',
    mpn: 'Numéro de pièce fabricant',
    sleeveLength: 'Longueur des manches',
    fitType: 'Coupe',
    pattern: 'Motif',
    collarStyle: 'Type de col',
    season: 'Saison',
  },
  it: {
    brand: 'Marca',
    department: 'Reparto',
    size: 'Taglia',
    sizeType: 'Tipo di taglia',
    color: 'Colore',
    style: 'Stile',
    material: 'Materiale',
    type: 'Tipo',
    mpn: 'Codice produttore',
    sleeveLength: 'Lunghezza manica',
    fitType: 'Vestibilità',
    pattern: 'Fantasia',
    collarStyle: 'Tipo di colletto',
    season: 'Stagione',
  },
  es: {
    brand: 'Marca',
    department: 'Departamento',
    size: 'Talla',
    sizeType: 'Tipo de talla',
    color: 'Color',
    style: 'Estilo',
    material: 'Material',
    type: 'Tipo',
    mpn: 'Número de pieza del fabricante',
    sleeveLength: 'Longitud de la manga',
    fitType: 'Ajuste',
    pattern: 'Estampado',
    collarStyle: 'Tipo de cuello',
    season: 'Temporada',
  },
};

/** Each marketplace's language of aspect names: English on the US, UK, Canadian and Australian sites ("Colour" on the UK's and Australia's). */
const languageOfMarketplace: Record<string, AspectLanguage> = {
  EBAY_US: 'en',
  EBAY_GB: 'enGB',
  EBAY_CA: 'en',
  EBAY_AU: 'enGB',
  EBAY_DE: 'de',
  EBAY_FR: 'fr',
  EBAY_IT: 'it',
  EBAY_ES: 'es',
};

/** The language a marketplace's aspects are named and valued in; eBay US's English on a marketplace not listed. */
export const aspectLanguageOf = (marketplaceId: string | null | undefined): AspectLanguage =>
  languageOfMarketplace[marketplaceId ?? ''] ?? 'en';

const key = (name: string) => name.trim().toLowerCase();

/**
 * A shoe category's size, named by its size system: "US Shoe Size" on eBay US and Canada, "UK Shoe Size"
 * on eBay UK and Australia, "EU Shoe Size" on the EU sites (their own words there: not verified against the live
 * Taxonomy API). The same meaning as Size: the item's size goes under the category's name for it.
 */
export const shoeSizeNames = [
  'US Shoe Size',
  'UK Shoe Size',
  'EU Shoe Size',
  'EU-Schuhgröße',
  'Pointure EU',
  'Numero scarpe EU',
  'Talla de calzado EU',
] as const;

/** Every name of the table, in any language, to its meaning ("größe", "taille" and "size" are all `size`). */
const meaningByName = new Map<string, AspectMeaning>([
  ...Object.values(namesByLanguage).flatMap((names) =>
    Object.entries(names).map(([meaning, name]) => [key(name), meaning as AspectMeaning] as const),
  ),
  ...shoeSizeNames.map((name) => [key(name), 'size'] as const),
]);

/** The marketplace's name for an aspect the app fills ("Größe" on EBAY_DE); English on a marketplace not listed. */
export const aspectNameOn = (meaning: AspectMeaning, marketplaceId: string | null | undefined = 'EBAY_US'): string =>
  namesByLanguage[aspectLanguageOf(marketplaceId)][meaning];

/** What an aspect's name means, in any of the table's languages, regardless of case; null for a name not in it. */
export const aspectMeaningOf = (name: string): AspectMeaning | null => meaningByName.get(key(name)) ?? null;

/** Two aspect names for the same aspect: the same text, or names of one meaning ("Size" and "Größe"). */
export function sameAspect(a: string, b: string): boolean {
  if (key(a) === key(b)) return true;
  const meaning = aspectMeaningOf(a);
  return meaning !== null && meaning === aspectMeaningOf(b);
}

/** The name an aspect goes under on the marketplace: the table's for a meaning it knows, else the name as given. */
export function aspectNameFor(name: string, marketplaceId: string | null | undefined): string {
  const meaning = aspectMeaningOf(name);
  return meaning ? aspectNameOn(meaning, marketplaceId) : name.trim();
}

/** The values of the aspect of that meaning (or name), whatever language the aspects are named in. */
export function aspectValuesOf(aspects: Record<string, string[]>, name: string): string[] {
  const entry = Object.entries(aspects).find(([key]) => sameAspect(key, name));
  return (entry?.[1] ?? []).map((v) => v.trim()).filter(Boolean);
}
