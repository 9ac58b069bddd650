import { describe, expect, it } from 'vitest';
import { ITEM_SPECIFIC_OPTIONS, SIZE_TYPES, departmentOf } from '@shared/domain/catalog';
import { ebayColourNames } from '@shared/domain/ebay-colours';
import { aspectMeaningOf, aspectNameOn, type AspectMeaning } from './aspect-names';
import { aspectValueInEnglish, aspectValueOn, sameAspectValue, valuesByMeaning } from './aspect-values';

const marketplaces = ['EBAY_US', 'EBAY_GB', 'EBAY_DE', 'EBAY_FR', 'EBAY_IT', 'EBAY_ES', 'EBAY_CA', 'EBAY_AU'];

/**
 * Every value the app fills itself, under the aspect it goes in: departments (ours and the AI prompt's), our size types
 * and the label's Tall, the size check's "One Size", the colours the photo reader names and the prompt's Multicolor, and
 * the Publish Settings' fixed lists.
 */
const filledByTheApp: [string, readonly string[]][] = [
  ['Department', ['Men', 'Women', 'Unisex', 'Unisex Adults', 'Boys', 'Girls']],
  ['Size Type', [...SIZE_TYPES, 'Tall']],
  ['Size', ['One Size']],
  ['Color', [...ebayColourNames, 'Multicolor']],
  ...Object.entries(ITEM_SPECIFIC_OPTIONS),
];

describe("the app's aspect values per eBay marketplace", () => {
  it('gives every value the app fills a word on every marketplace, which means it again (round trip)', () => {
    for (const [aspect, values] of filledByTheApp) {
      expect(aspectMeaningOf(aspect), aspect).not.toBeNull();
      for (const value of values)
        for (const marketplaceId of marketplaces) {
          const site = aspectValueOn(aspect, value, marketplaceId);
          const name = aspectNameOn(aspectMeaningOf(aspect)!, marketplaceId);
          expect(site.length, `${aspect} ${value} on ${marketplaceId}`).toBeGreaterThan(0);
          expect(site.length).toBeLessThanOrEqual(50); // the Inventory API's longest aspect value
          // Found under the site's aspect name too, and back to eBay US's word from any site's.
          expect(aspectValueOn(name, site, 'EBAY_US'), `${site} on ${marketplaceId}`).toBe(aspectValueOn(aspect, value, 'EBAY_US'));
          expect(sameAspectValue(name, site, value)).toBe(true);
        }
    }
    expect(departmentOf('Unisex')).toBe('Unisex');
  });

  it('has no word standing for two values of one aspect, in any language', () => {
    for (const [meaning, rows] of Object.entries(valuesByMeaning) as [AspectMeaning, readonly { en: string }[]][]) {
      const seen = new Map<string, string>();
      for (const row of rows)
        for (const word of Object.values(row)) {
          const key = word.toLowerCase();
          expect(seen.get(key) ?? row.en, `${word} in ${meaning}`).toBe(row.en);
          seen.set(key, row.en);
        }
    }
  });

  it("gives the site's words at eBay's door and leaves words it does not know as written", () => {
    expect(
      ['Department', 'Color', 'Size Type'].map((a) =>
        aspectValueOn(a, a === 'Department' ? 'Women' : a === 'Color' ? 'Black' : 'Regular', 'EBAY_DE'),
      ),
    ).toEqual(['Damen', 'Schwarz', 'Normal']);
    expect(aspectValueOn('Couleur', 'schwarz', 'EBAY_FR')).toBe('Noir');
    expect(aspectValueOn('Department', 'Men', 'EBAY_IT')).toBe('Uomo');
    expect(aspectValueOn('Department', 'Women', 'EBAY_ES')).toBe('Mujer');
    expect(aspectValueOn('Color', 'Gray', 'EBAY_GB')).toBe('Grey');
    expect(aspectValueOn('Colour', 'Grey', 'EBAY_US')).toBe('Gray');
    // departmentOf's "Unisex" is eBay's "Unisex Adults".
    expect(aspectValueOn('Department', 'Unisex', 'EBAY_US')).toBe('Unisex Adults');
    // Free text the table does not know, and aspects it has no values for, go as written.
    expect(aspectValueOn('Color', ' Navy ', 'EBAY_DE')).toBe('Navy');
    expect(aspectValueOn('Material', 'Cotton', 'EBAY_DE')).toBe('Cotton');
    expect(aspectValueOn('Closure', 'Zip', 'EBAY_DE')).toBe('Zip');
    // One word, other aspects: Regular is a size type and a fit, each in its own words.
    expect(aspectValueOn('Fit Type', 'Regular', 'EBAY_FR')).toBe('Standard');
    expect(aspectValueInEnglish('Größentyp', 'Kurzgröße')).toBe('Petite');
  });

  it('matches values by meaning: a German seller’s "Damen" is the department "Women"', () => {
    expect(sameAspectValue('Abteilung', 'Damen', 'Women')).toBe(true);
    expect(sameAspectValue('Department', 'damen', 'Femme')).toBe(true);
    expect(sameAspectValue('Department', 'Damen', 'Herren')).toBe(false);
    expect(sameAspectValue('Color', 'Navy', 'navy ')).toBe(true);
    expect(sameAspectValue('Color', 'Navy', 'Blue')).toBe(false);
  });
});
