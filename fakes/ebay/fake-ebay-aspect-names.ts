/**
 * The fake eBay's aspect names per marketplace: Taxonomy's `localizedAspectName` is "always localized for
 * the specified marketplace" (the Taxonomy contract), and the Inventory API's `product.aspects` are keyed by those
 * names on that marketplace. eBay Germany names Brand "Marke" (a Stack Exchange answer on getItemAspectsForCategory
 * for tree 77, copied at volcengine.com/article/2837871); the other names are the sites' own wording. Written apart
 * from the app's table (src/server/channels/ebay/aspect-names.ts), so the fake checks the app rather than agreeing with
 * it. The English-speaking sites keep eBay US's names, but for "Colour" on the UK and Australian sites (the Taxonomy
 * reference's own example: "Colour on the eBay UK site").
 */
import { fakeMarketplace } from './fake-ebay-marketplaces';

/** eBay US's name to the site's, per language of the marketplace's listings. */
const localNames: Record<string, Record<string, string>> = {
  'en-GB': { Color: 'Colour' },
  'en-AU': { Color: 'Colour' },
  de: {
    Brand: 'Marke',
    Department: 'Abteilung',
    Size: 'Größe',
    'Size Type': 'Größentyp',
    Color: 'Farbe',
    Style: 'Stil',
    Material: 'Material',
    Type: 'Produktart',
    MPN: 'Herstellernummer',
    'EU Shoe Size': 'EU-Schuhgröße',
  },
  fr: {
    Brand: 'Marque',
    Department: 'Département',
    Size: 'Taille',
    'Size Type': 'Type de taille',
    Color: 'Couleur',
    Style: 'Style',
    Material: 'Matière',
    Type: 'Type',
    MPN: 'Numéro de pièce fabricant',
    'EU Shoe Size': 'Pointure EU',
  },
  it: {
    Brand: 'Marca',
    Department: 'Reparto',
    Size: 'Taglia',
    'Size Type': 'Tipo di taglia',
    Color: 'Colore',
    Style: 'Stile',
    Material: 'Materiale',
    Type: 'Tipo',
    MPN: 'Codice produttore',
    'EU Shoe Size': 'Numero scarpe EU',
  },
  es: {
    Brand: 'Marca',
    Department: 'Departamento',
    Size: 'Talla',
    'Size Type': 'Tipo de talla',
    Color: 'Color',
    Style: 'Estilo',
    Material: 'Material',
    Type: 'Tipo',
    MPN: 'Número de pieza del fabricante',
    'EU Shoe Size': 'Talla de calzado EU',
  },
};

/** The name eBay US's aspect has on the marketplace ("Größe" for Size on EBAY_DE); the US name where it is the same. */
export function fakeAspectName(usName: string, marketplaceId: string | null | undefined): string {
  const language = fakeMarketplace(marketplaceId)?.languages[0] ?? 'en-US';
  return localNames[language]?.[usName] ?? localNames[language.slice(0, 2)]?.[usName] ?? usName;
}
