import { describe, expect, it } from 'vitest';
import { fakeCategories, itemAspects, type FakeCategory } from '../../../../../fakes/ebay/fake-ebay-catalog';
import { fakeMarketplaces } from '../../../../../fakes/ebay/fake-ebay-marketplaces';
import { SIZE_TYPES } from '@shared/domain/catalog';
import { euWomensSizes, ukDressSizes } from '@shared/domain/assisted/size-standards';
import { womensNumericSizes } from '@shared/domain/assisted/marketplaces';
import type { CategoryAspect } from './ebay-catalog';
import { aspectsOf } from './ebay-listing-body';
import type { PublishItemRow } from './repo';
import { checkApparelSize } from './size-check';

/**
 * Decision 115: the size check on each marketplace in its own words. The item holds our vocabulary in
 * English ("Regular", "Women"); the listing carries the site's ("Normal", "Damen" on eBay Germany), the fake's Taxonomy
 * lists the site's size types, and every size either maps to a value the site lists or is asked with exactly its list.
 */
const kinds = [...new Map(fakeCategories.filter((c) => c.sizeKind).map((c) => [c.sizeKind!, c])).values()];
const departmentOf = (c: FakeCategory) => (c.sizeKind!.startsWith('womens') ? 'Women' : 'Men');
const sizes = [
  'XS',
  'M',
  'XL',
  '3XL',
  'W32 L30',
  '34',
  ...womensNumericSizes.slice(0, 6),
  ...ukDressSizes.slice(0, 4),
  ...euWomensSizes.slice(0, 4),
];
const sizeTypes = [...SIZE_TYPES, 'Tall', null];

/** The category's aspects as the app reads them from the fake's Taxonomy on the marketplace. */
const categoryAspectsOn = (category: FakeCategory, marketplaceId: string): CategoryAspect[] =>
  (itemAspects(category, marketplaceId).aspects ?? []).map((a) => ({
    name: a.localizedAspectName!,
    required: a.aspectConstraint?.aspectRequired ?? false,
    selectionOnly: a.aspectConstraint?.aspectMode === 'SELECTION_ONLY',
    values: (a.aspectValues ?? []).map((v) => v.localizedValue!),
  }));

const listingOf = (category: FakeCategory, size: string, sizeType: string | null, marketplaceId: string) => ({
  aspects: aspectsOf(
    { extractedSize: size, extractedSizeType: sizeType, extractedDepartment: departmentOf(category), category: null } as PublishItemRow,
    marketplaceId,
  ),
  category: category.sizeKind!.endsWith('Shoes') ? 'Shoes' : null,
});

describe("the size check in each marketplace's words", () => {
  for (const { id: marketplaceId } of fakeMarketplaces) {
    it(`maps each size and size type to a value ${marketplaceId} lists, or asks with its list`, () => {
      let mapped = 0;
      const wrong: string[] = [];
      for (const category of kinds) {
        const aspects = categoryAspectsOn(category, marketplaceId);
        const [sizeAspect, typeAspect] = [aspects[2]!, aspects[3]!];
        for (const size of sizes)
          for (const sizeType of sizeTypes) {
            const check = checkApparelSize(listingOf(category, size, sizeType, marketplaceId), aspects, marketplaceId);
            const where = `${size} / ${sizeType} in ${category.sizeKind}: ${JSON.stringify(check)}`;
            const [problem] = check.problems;
            if (problem) {
              const list = problem.aspect?.name === sizeAspect.name ? sizeAspect.values : typeAspect.values;
              if (JSON.stringify(problem.aspect?.allowedValues) !== JSON.stringify(list)) wrong.push(where);
              continue;
            }
            mapped += 1;
            if (!sizeAspect.values.includes(check.aspects[sizeAspect.name]?.[0] ?? '')) wrong.push(where);
            const type = check.aspects[typeAspect.name]?.[0];
            if (type !== undefined && !typeAspect.values.includes(type)) wrong.push(where);
          }
      }
      expect(wrong).toEqual([]);
      expect(mapped).toBeGreaterThan(150);
    });
  }

  it('sends eBay Germany its own size types, and asks in its words', () => {
    const tops = kinds.find((c) => c.sizeKind === 'womensTops')!;
    const aspects = categoryAspectsOn(tops, 'EBAY_DE');
    expect(aspects.find((a) => a.name === 'Größentyp')?.values).toEqual(['Normal', 'Kurzgröße', 'Übergröße', 'Langgröße', 'Umstandsmode']);
    expect(checkApparelSize(listingOf(tops, 'M', 'Petite', 'EBAY_DE'), aspects, 'EBAY_DE')).toEqual({
      problems: [],
      aspects: { Größe: ['M'], Größentyp: ['Kurzgröße'] },
    });
    // A men's category lists no Maternity: the question names the seller's size type and the choices in German.
    const mens = kinds.find((c) => c.sizeKind === 'mensTops')!;
    const check = checkApparelSize(listingOf(mens, 'M', 'Maternity', 'EBAY_DE'), categoryAspectsOn(mens, 'EBAY_DE'), 'EBAY_DE');
    expect(check.problems).toEqual([
      {
        field: 'aspects',
        message: `Size type "Umstandsmode" is not one eBay takes for this category: choose one of Normal, Große Größen`,
        aspect: { name: 'Größentyp', allowedValues: ['Normal', 'Große Größen'] },
      },
    ]);
  });
});
