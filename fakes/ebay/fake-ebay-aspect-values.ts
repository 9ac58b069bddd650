/**
 * The fake eBay's aspect values per marketplace: Taxonomy's `aspectValues[].localizedValue` is "always
 * localized for the specified marketplace" (the Taxonomy contract), so eBay Germany lists Department as "Damen" and
 * "Herren", not "Women" and "Men", and a SELECTION_ONLY aspect takes only the values listed there. The words are the
 * sites' usual wording, not read from an eBay document (no list was found, 2026-11-27); written apart from the app's
 * table (src/server/channels/ebay/aspect-values.ts), so the fake checks the app rather than agreeing with it.
 */
import { fakeMarketplace } from './fake-ebay-marketplaces';

type Words = Record<string, string>;

/** eBay US's value to the site's, per aspect (eBay US's name) and language of the marketplace's listings. */
const localValues: Record<string, Record<string, Words>> = {
  'en-GB': { Color: { Gray: 'Grey', Multicolor: 'Multicoloured' } },
  'en-AU': { Color: { Gray: 'Grey', Multicolor: 'Multicoloured' } },
  de: {
    Department: { Men: 'Herren', Women: 'Damen' },
    'Size Type': {
      Regular: 'Normal',
      Petite: 'Kurzgröße',
      Plus: 'Übergröße',
      Tall: 'Langgröße',
      'Big & Tall': 'Große Größen',
      Maternity: 'Umstandsmode',
    },
    Color: {
      Black: 'Schwarz',
      Blue: 'Blau',
      Brown: 'Braun',
      Gray: 'Grau',
      Green: 'Grün',
      Multicolor: 'Mehrfarbig',
      Red: 'Rot',
      White: 'Weiß',
      Beige: 'Beige',
      Orange: 'Orange',
      Pink: 'Rosa',
      Purple: 'Lila',
      Yellow: 'Gelb',
      Gold: 'Gold',
      Silver: 'Silber',
      Ivory: 'Elfenbein',
      Clear: 'Transparent',
    },
  },
  fr: {
    Department: { Men: 'Homme', Women: 'Femme' },
    'Size Type': {
      Regular: 'Standard',
      Petite: 'Petite',
      Plus: 'Grande taille',
      Tall: 'Long',
      'Big & Tall': 'Grand et fort',
      Maternity: 'Maternité',
    },
    Color: {
      Black: 'Noir',
      Blue: 'Bleu',
      Brown: 'Marron',
      Gray: 'Gris',
      Green: 'Vert',
      Multicolor: 'Multicolore',
      Red: 'Rouge',
      White: 'Blanc',
      Beige: 'Beige',
      Orange: 'Orange',
      Pink: 'Rose',
      Purple: 'Violet',
      Yellow: 'Jaune',
      Gold: 'Or',
      Silver: 'Argent',
      Ivory: 'Ivoire',
      Clear: 'Transparent',
    },
  },
  it: {
    Department: { Men: 'Uomo', Women: 'Donna' },
    'Size Type': {
      Regular: 'Regolare',
      Petite: 'Petite',
      Plus: 'Taglie forti',
      Tall: 'Lunga',
      'Big & Tall': 'Taglie comode',
      Maternity: 'Premaman',
    },
    Color: {
      Black: 'Nero',
      Blue: 'Blu',
      Brown: 'Marrone',
      Gray: 'Grigio',
      Green: 'Verde',
      Multicolor: 'Multicolore',
      Red: 'Rosso',
      White: 'Bianco',
      Beige: 'Beige',
      Orange: 'Arancione',
      Pink: 'Rosa',
      Purple: 'Viola',
      Yellow: 'Giallo',
      Gold: 'Oro',
      Silver: 'Argento',
      Ivory: 'Avorio',
      Clear: 'Trasparente',
    },
  },
  es: {
    Department: { Men: 'Hombre', Women: 'Mujer' },
    'Size Type': {
      Regular: 'Normal',
      Petite: 'Petite',
      Plus: 'Talla grande',
      Tall: 'Alta',
      'Big & Tall': 'Grande y alto',
      Maternity: 'Premamá',
    },
    Color: {
      Black: 'Negro',
      Blue: 'Azul',
      Brown: 'Marrón',
      Gray: 'Gris',
      Green: 'Verde',
      Multicolor: 'Multicolor',
      Red: 'Rojo',
      White: 'Blanco',
      Beige: 'Beige',
      Orange: 'Naranja',
      Pink: 'Rosa',
      Purple: 'Morado',
      Yellow: 'Amarillo',
      Gold: 'Dorado',
      Silver: 'Plateado',
      Ivory: 'Marfil',
      Clear: 'Transparente',
    },
  },
};

/** The value eBay US lists as `usValue` for the aspect, as the marketplace lists it ("Damen" for Women on EBAY_DE). */
export function fakeAspectValue(usName: string, usValue: string, marketplaceId: string | null | undefined): string {
  const language = fakeMarketplace(marketplaceId)?.languages[0] ?? 'en-US';
  return (localValues[language] ?? localValues[language.slice(0, 2)])?.[usName]?.[usValue] ?? usValue;
}
