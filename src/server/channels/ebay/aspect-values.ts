/**
 * The values the app itself fills in eBay's item specifics, by meaning, in each marketplace's language
 * (decision 115): Department ("Women" is "Damen" on eBay Germany), Size Type, Colour, the "One Size" size and the Publish
 * Settings' fixed lists (Sleeve Length, Fit Type, Pattern, Collar Style, Season). Taxonomy answers `aspectValues[]`
 * `.localizedValue` "always localized for the specified marketplace", and a SELECTION_ONLY aspect takes only those.
 *
 * The item keeps its words; a value is turned into the site's at eBay's door (`aspectValueOn`). A value the AI or the
 * seller wrote that is none of these ("Navy", "Merino") goes as written; one that is, in any of the table's languages,
 * goes in the site's ("Black" and "Schwarz" are one colour). The pre-flight matches by meaning too (`sameAspectValue`).
 *
 * Sources (searched 2026-11-27, SIZES.md "Localised aspect values"): eBay's Taxonomy contract (localizedValue,
 * aspectMode). No eBay page or answer giving the EU sites' value lists was found; the German, French, Italian and
 * Spanish words, and eBay UK's "Grey", "Multicoloured" and "Autumn", are the sites' usual wording, NOT verified: check
 * them against the live Taxonomy API (`getItemAspectsForCategory` per tree) and correct a row here.
 */
import { aspectLanguageOf, aspectMeaningOf, type AspectLanguage, type AspectMeaning } from './aspect-names';

/** One value in every language; `enGB` (eBay UK and Australia) only where it differs from eBay US's. */
type ValueRow = Record<Exclude<AspectLanguage, 'enGB'>, string> & { enGB?: string };

export const valuesByMeaning: Partial<Record<AspectMeaning, readonly ValueRow[]>> = {
  department: [
    { en: 'Men', de: 'Herren', fr: 'Homme', it: 'Uomo', es: 'Hombre' },
    { en: 'Women', de: 'Damen', fr: 'Femme', it: 'Donna', es: 'Mujer' },
    { en: 'Unisex Adults', de: 'Unisex-Erwachsene', fr: 'Unisexe adulte', it: 'Unisex adulto', es: 'Unisex adulto' },
    { en: 'Boys', de: 'Jungen', fr: 'Garçon', it: 'Bambino', es: 'Niño' },
    { en: 'Girls', de: 'Mädchen', fr: 'Fille', it: 'Bambina', es: 'Niña' },
  ],
  sizeType: [
    { en: 'Regular', de: 'Normal', fr: 'Standard', it: 'Regolare', es: 'Normal' },
    { en: 'Petite', de: 'Kurzgröße', fr: 'Petite', it: 'Petite', es: 'Petite' },
    { en: 'Plus', de: 'Übergröße', fr: 'Grande taille', it: 'Taglie forti', es: 'Talla grande' },
    { en: 'Tall', de: 'Langgröße', fr: 'Long', it: 'Lunga', es: 'Alta' },
    { en: 'Big & Tall', de: 'Große Größen', fr: 'Grand et fort', it: 'Taglie comode', es: 'Grande y alto' },
    { en: 'Maternity', de: 'Umstandsmode', fr: 'Maternité', it: 'Premaman', es: 'Premamá' },
  ],
  size: [{ en: 'One Size', de: 'Einheitsgröße', fr: 'Taille unique', it: 'Taglia unica', es: 'Talla única' }],
  color: [
    { en: 'Black', de: 'Schwarz', fr: 'Noir', it: 'Nero', es: 'Negro' },
    { en: 'White', de: 'Weiß', fr: 'Blanc', it: 'Bianco', es: 'Blanco' },
    { en: 'Gray', enGB: 'Grey', de: 'Grau', fr: 'Gris', it: 'Grigio', es: 'Gris' },
    { en: 'Beige', de: 'Beige', fr: 'Beige', it: 'Beige', es: 'Beige' },
    { en: 'Brown', de: 'Braun', fr: 'Marron', it: 'Marrone', es: 'Marrón' },
    { en: 'Red', de: 'Rot', fr: 'Rouge', it: 'Rosso', es: 'Rojo' },
    { en: 'Orange', de: 'Orange', fr: 'Orange', it: 'Arancione', es: 'Naranja' },
    { en: 'Yellow', de: 'Gelb', fr: 'Jaune', it: 'Giallo', es: 'Amarillo' },
    { en: 'Green', de: 'Grün', fr: 'Vert', it: 'Verde', es: 'Verde' },
    { en: 'Blue', de: 'Blau', fr: 'Bleu', it: 'Blu', es: 'Azul' },
    { en: 'Purple', de: 'Lila', fr: 'Violet', it: 'Viola', es: 'Morado' },
    { en: 'Pink', de: 'Rosa', fr: 'Rose', it: 'Rosa', es: 'Rosa' },
    { en: 'Multicolor', enGB: 'Multicoloured', de: 'Mehrfarbig', fr: 'Multicolore', it: 'Multicolore', es: 'Multicolor' },
    { en: 'Gold', de: 'Gold', fr: 'Or', it: 'Oro', es: 'Dorado' },
    { en: 'Silver', de: 'Silber', fr: 'Argent', it: 'Argento', es: 'Plateado' },
    { en: 'Ivory', de: 'Elfenbein', fr: 'Ivoire', it: 'Avorio', es: 'Marfil' },
    { en: 'Clear', de: 'Transparent', fr: 'Transparent', it: 'Trasparente', es: 'Transparente' },
  ],
  sleeveLength: [
    { en: 'Short Sleeve', de: 'Kurzarm', fr: 'Manches courtes', it: 'Manica corta', es: 'Manga corta' },
    { en: 'Long Sleeve', de: 'Langarm', fr: 'Manches longues', it: 'Manica lunga', es: 'Manga larga' },
    { en: 'Sleeveless', de: 'Ärmellos', fr: 'Sans manches', it: 'Senza maniche', es: 'Sin mangas' },
    { en: '3/4 Sleeve', de: '3/4-Arm', fr: 'Manches 3/4', it: 'Manica 3/4', es: 'Manga 3/4' },
    { en: 'Cap Sleeve', de: 'Flügelarm', fr: 'Mancherons', it: 'Manica ad aletta', es: 'Manga casquillo' },
  ],
  fitType: [
    { en: 'Regular', de: 'Normal', fr: 'Standard', it: 'Regolare', es: 'Normal' },
    { en: 'Slim', de: 'Schmal', fr: 'Ajustée', it: 'Aderente', es: 'Ajustado' },
    { en: 'Relaxed', de: 'Locker', fr: 'Décontractée', it: 'Comoda', es: 'Holgado' },
    { en: 'Athletic', de: 'Athletisch', fr: 'Athlétique', it: 'Atletica', es: 'Atlético' },
    { en: 'Oversized', de: 'Oversize', fr: 'Oversize', it: 'Oversize', es: 'Oversize' },
  ],
  pattern: [
    { en: 'Solid', de: 'Einfarbig', fr: 'Uni', it: 'Tinta unita', es: 'Liso' },
    { en: 'Striped', de: 'Gestreift', fr: 'Rayé', it: 'A righe', es: 'De rayas' },
    { en: 'Plaid', de: 'Schottenkaro', fr: 'Tartan', it: 'Scozzese', es: 'Escocés' },
    { en: 'Checkered', de: 'Kariert', fr: 'À carreaux', it: 'A quadri', es: 'De cuadros' },
    { en: 'Graphic Print', de: 'Grafikdruck', fr: 'Imprimé graphique', it: 'Stampa grafica', es: 'Estampado gráfico' },
    { en: 'Logo', de: 'Logo', fr: 'Logo', it: 'Logo', es: 'Logotipo' },
    { en: 'Floral', de: 'Geblümt', fr: 'Fleuri', it: 'Floreale', es: 'De flores' },
  ],
  collarStyle: [
    { en: 'Crew Neck', de: 'Rundhals', fr: 'Col rond', it: 'Girocollo', es: 'Cuello redondo' },
    { en: 'V-Neck', de: 'V-Ausschnitt', fr: 'Col en V', it: 'Scollo a V', es: 'Cuello de pico' },
    { en: 'Button Down', de: 'Button-Down', fr: 'Col boutonné', it: 'Button down', es: 'Cuello abotonado' },
    { en: 'Polo', de: 'Polokragen', fr: 'Col polo', it: 'Collo polo', es: 'Cuello polo' },
    { en: 'Henley', de: 'Henley', fr: 'Col tunisien', it: 'Serafino', es: 'Cuello panadero' },
    { en: 'Turtleneck', de: 'Rollkragen', fr: 'Col roulé', it: 'Dolcevita', es: 'Cuello alto' },
  ],
  season: [
    { en: 'All Seasons', de: 'Ganzjährig', fr: 'Toutes saisons', it: 'Tutte le stagioni', es: 'Todas las estaciones' },
    { en: 'Spring', de: 'Frühling', fr: 'Printemps', it: 'Primavera', es: 'Primavera' },
    { en: 'Summer', de: 'Sommer', fr: 'Été', it: 'Estate', es: 'Verano' },
    { en: 'Fall', enGB: 'Autumn', de: 'Herbst', fr: 'Automne', it: 'Autunno', es: 'Otoño' },
    { en: 'Winter', de: 'Winter', fr: 'Hiver', it: 'Inverno', es: 'Invierno' },
  ],
};

/** Words the app writes that mean a row's value without being one: `departmentOf`'s "Unisex" is eBay's "Unisex Adults". */
const aliases: Partial<Record<AspectMeaning, Record<string, string>>> = {
  department: { unisex: 'Unisex Adults' },
};

const key = (text: string) => text.trim().toLowerCase();

/** The row a value stands for, in the aspect's table, in any language and regardless of case; null for other words. */
function rowOf(meaning: AspectMeaning | null, value: string): ValueRow | null {
  const rows = meaning ? valuesByMeaning[meaning] : undefined;
  if (!rows) return null;
  const word = aliases[meaning!]?.[key(value)] ?? value;
  return rows.find((row) => Object.values(row).some((v) => key(v) === key(word))) ?? null;
}

const wordIn = (row: ValueRow, language: AspectLanguage) => (language === 'enGB' ? (row.enGB ?? row.en) : row[language]);

/** The value as the marketplace lists it ("Damen" for "Women" under Department on EBAY_DE); other words as written. */
export function aspectValueOn(aspectName: string, value: string, marketplaceId: string | null | undefined): string {
  const row = rowOf(aspectMeaningOf(aspectName), value);
  return row ? wordIn(row, aspectLanguageOf(marketplaceId)) : value.trim();
}

/** eBay US's word for a value the table knows ("Normal" under Größentyp is "Regular"); other words as written. */
export const aspectValueInEnglish = (aspectName: string, value: string): string => aspectValueOn(aspectName, value, 'EBAY_US');

/** Two values of one aspect that mean the same: the same text, or one row of the table ("Damen" and "Women"). */
export function sameAspectValue(aspectName: string, a: string, b: string): boolean {
  if (key(a) === key(b)) return true;
  const row = rowOf(aspectMeaningOf(aspectName), a);
  return row !== null && row === rowOf(aspectMeaningOf(aspectName), b);
}
