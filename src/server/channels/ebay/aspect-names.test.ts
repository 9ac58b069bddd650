import { describe, expect, it } from 'vitest';
import { aspectMeaningOf, aspectMeanings, aspectNameFor, aspectNameOn, aspectValuesOf, sameAspect } from './aspect-names';
import { aspectsForCategory, aspectsOf } from './publish/ebay-listing-body';
import type { PublishItemRow } from './publish/repo';

const marketplaces = ['EBAY_US', 'EBAY_GB', 'EBAY_DE', 'EBAY_FR', 'EBAY_IT', 'EBAY_ES', 'EBAY_CA', 'EBAY_AU'];

const jumper = (fields: Partial<PublishItemRow> = {}) =>
  ({
    brand: 'Boden',
    extractedBrand: null,
    extractedDepartment: 'Women',
    category: 'Womens Tops',
    extractedSize: '38',
    extractedSizeType: 'Regular',
    extractedColor: 'Blue',
    extractedStyle: null,
    extractedMaterial: 'Merino',
    itemSpecificsJson: { 'Sleeve Length': 'Long Sleeve', Pattern: 'Solid' },
    ...fields,
  }) as PublishItemRow;

describe("the app's aspect names per eBay marketplace", () => {
  it('gives every meaning a name on every marketplace, no name standing for two meanings', () => {
    for (const marketplaceId of marketplaces) {
      for (const meaning of aspectMeanings) {
        const name = aspectNameOn(meaning, marketplaceId);
        expect(name.length, `${meaning} on ${marketplaceId}`).toBeGreaterThan(0);
        expect(name.length).toBeLessThanOrEqual(40); // the Inventory API's longest aspect name
        expect(aspectMeaningOf(name), `${name} on ${marketplaceId}`).toBe(meaning);
      }
    }
  });

  it("names the aspects in the site's language on the EU sites and as eBay US on the English ones", () => {
    expect(['size', 'brand', 'color', 'department', 'type'].map((m) => aspectNameOn(m as 'size', 'EBAY_DE'))).toEqual([
      'Größe',
      'Marke',
      'Farbe',
      'Abteilung',
      'Produktart',
    ]);
    expect(['size', 'brand', 'color'].map((m) => aspectNameOn(m as 'size', 'EBAY_FR'))).toEqual(['Taille', 'Marque', 'Couleur']);
    expect(['size', 'brand', 'color'].map((m) => aspectNameOn(m as 'size', 'EBAY_IT'))).toEqual(['Taglia', 'Marca', 'Colore']);
    expect(['size', 'brand', 'color'].map((m) => aspectNameOn(m as 'size', 'EBAY_ES'))).toEqual(['Talla', 'Marca', 'Color']);
    for (const marketplaceId of ['EBAY_US', 'EBAY_GB', 'EBAY_CA', 'EBAY_AU']) {
      expect(aspectNameOn('sizeType', marketplaceId)).toBe('Size Type');
    }
    // eBay's Taxonomy reference's own example: "Colour on the eBay UK site"; Australia spells it so too.
    expect(['EBAY_US', 'EBAY_GB', 'EBAY_CA', 'EBAY_AU'].map((id) => aspectNameOn('color', id))).toEqual([
      'Color',
      'Colour',
      'Color',
      'Colour',
    ]);
    expect(sameAspect('Colour', 'Farbe')).toBe(true);
  });

  it('matches names by meaning in any language, and leaves names it does not know as they are', () => {
    expect(sameAspect('size', 'Größe')).toBe(true);
    expect(sameAspect('Taille', 'Talla')).toBe(true);
    expect(sameAspect('Size', 'Size Type')).toBe(false);
    expect(sameAspect('Closure', 'closure ')).toBe(true);
    expect(aspectNameFor('Brand', 'EBAY_IT')).toBe('Marca');
    expect(aspectNameFor('Größe', 'EBAY_FR')).toBe('Taille');
    expect(aspectNameFor(' Closure ', 'EBAY_DE')).toBe('Closure');
    expect(aspectValuesOf({ Größe: [' 38 ', ''] }, 'Size')).toEqual(['38']);
  });
});

describe("the item's aspects as eBay takes them", () => {
  it("goes under the marketplace's names and values (aspect-values.ts), the item's own specifics too", () => {
    expect(aspectsOf(jumper(), 'EBAY_DE')).toEqual({
      Marke: ['Boden'],
      Abteilung: ['Damen'],
      Größe: ['38'],
      Größentyp: ['Normal'],
      Farbe: ['Blau'],
      Material: ['Merino'],
      Ärmellänge: ['Langarm'],
      Muster: ['Einfarbig'],
    });
    expect(aspectsOf(jumper(), 'EBAY_US')).toMatchObject({ Brand: ['Boden'], Size: ['38'], 'Sleeve Length': ['Long Sleeve'] });
  });

  it('keeps the first of one meaning: the AI column over a Quick Fix specific stored under another name', () => {
    const aspects = aspectsOf(jumper({ itemSpecificsJson: { Taille: '40', Stagione: 'Winter' } }), 'EBAY_DE');
    expect(aspects['Größe']).toEqual(['38']);
    expect(aspects['Saison']).toEqual(['Winter']);
    expect(Object.keys(aspects)).not.toContain('Taille');
  });

  it("takes Taxonomy's own names for the category's aspects, a later value of one aspect winning", () => {
    const sent = aspectsForCategory({ Marke: ['Boden'], Größe: ['38'], Größentyp: ['Regular'], Groesse: ['x'], größe: ['40'] }, [
      'Marke',
      'Größe',
      'Größen-Typ',
    ]);
    expect(sent).toEqual({ Marke: ['Boden'], Größe: ['40'] });
    // Taxonomy spelling one of ours otherwise still gets it, under eBay's spelling, when the meaning is known.
    expect(aspectsForCategory({ Größentyp: ['Regular'] }, ['Size Type'])).toEqual({ 'Size Type': ['Regular'] });
  });
});
