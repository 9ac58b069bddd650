import { describe, expect, it } from 'vitest';
import { CATEGORIES, PUBLISH_CONDITIONS, QUICK_EDIT_CONDITIONS, SIZE_TYPES } from '../catalog';
import { assistedChannels } from '../channel-listing';
import { acceptedCategories, acceptedSizes, ASK, assistedMarketplaces, shoeSizes, waistSizes, womensNumericSizes } from './marketplaces';
import {
  assistedListingText,
  categoryFor,
  conditionFor,
  fitText,
  hashtagsFor,
  isListingUrlOf,
  sizeFor,
  type AssistedItemFacts,
} from './vocabulary';

const facts = (over: Partial<AssistedItemFacts> = {}): AssistedItemFacts => ({
  sku: 'PSTFSH-001',
  category: 'Mens Jeans',
  condition: 'good',
  brand: "Levi's",
  aiTitle: "Levi's 501 Original Fit Jeans Mens 32x30 Medium Wash Blue Denim Straight Leg Button Fly Classic",
  aiDescription: 'Classic straight leg jeans in a medium wash. Button fly. Light fading at the knees.',
  aiTags: ['denim', 'straight leg', '501', 'vintage', 'medium wash', 'button fly'],
  extractedBrand: null,
  extractedSize: '32x30',
  extractedSizeType: 'Regular',
  extractedDepartment: 'Men',
  ...over,
});

/** Every size this app reads off labels, with a category it goes with. */
const ourSizes: Array<{ size: string; category: string }> = [
  ...['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', 'Small', 'Medium', 'Large', 'X-Large', '2XL', 'One Size', 'OS'].flatMap((size) =>
    ['Mens Tops', 'Womens Outerwear', 'Mens Shorts'].map((category) => ({ size, category })),
  ),
  ...waistSizes.flatMap((w) =>
    ['Mens Jeans', 'Womens Jeans', 'Mens Pants', 'Womens Shorts'].map((category) => ({ size: String(w), category })),
  ),
  ...waistSizes.map((w) => ({ size: `${w}x30`, category: 'Mens Jeans' })),
  ...waistSizes.map((w) => ({ size: `W${w} L32`, category: 'Womens Pants' })),
  ...womensNumericSizes.flatMap((size) => ['Womens Jeans', 'Womens Tops', 'Mens Tops'].map((category) => ({ size, category }))),
  ...shoeSizes.map((size) => ({ size, category: 'Shoes' })),
  ...['', '4XL', '52', 'free', '10 1/2', 'M/L'].flatMap((size) => CATEGORIES.map((category) => ({ size, category }))),
];

describe.each(assistedChannels)('%s vocabulary', (channel) => {
  const m = assistedMarketplaces[channel];

  it('maps every condition of ours to one it accepts, or asks', () => {
    for (const condition of [...QUICK_EDIT_CONDITIONS, ...PUBLISH_CONDITIONS, null, 'unknown']) {
      const mapped = conditionFor(m, condition);
      expect(mapped === ASK || m.conditions.includes(mapped), `${condition} -> ${mapped}`).toBe(true);
    }
    expect(conditionFor(m, null)).toBe(ASK);
  });

  it('maps every size and size type of ours to a size it accepts, or asks', () => {
    const accepted = acceptedSizes(m);
    for (const { size, category } of ourSizes)
      for (const extractedSizeType of [...SIZE_TYPES, null]) {
        const mapped = sizeFor(m, { extractedSize: size, extractedSizeType, category });
        expect(mapped === ASK || accepted.includes(mapped), `${size} ${category} ${extractedSizeType} -> ${mapped}`).toBe(true);
        if (extractedSizeType && extractedSizeType !== 'Regular') expect(mapped).toBe(ASK);
      }
  });

  it('maps every category of ours to one of its paths, or asks', () => {
    const accepted = acceptedCategories(m);
    for (const category of [...CATEGORIES, null, 'Hats'])
      for (const extractedDepartment of ['Men', 'Women', 'Unisex', null]) {
        const mapped = categoryFor(m, { category, extractedDepartment });
        expect(mapped === ASK || accepted.includes(mapped), `${category} -> ${mapped}`).toBe(true);
      }
    expect(categoryFor(m, { category: 'Unisex', extractedDepartment: null })).toBe(ASK);
    expect(categoryFor(m, { category: 'Other Clothing', extractedDepartment: 'Men' })).toBe(ASK);
  });

  it('keeps the title and description within its limits', () => {
    const long = facts({ aiTitle: 'Word '.repeat(60), aiDescription: 'Sentence of the description. '.repeat(200) });
    const text = assistedListingText(channel, long);
    if (m.titleMax === null) expect(text.title).toBeNull();
    else expect(text.title!.length).toBeLessThanOrEqual(m.titleMax);
    if (m.descriptionMax !== null) expect(text.description.length).toBeLessThanOrEqual(m.descriptionMax);
    expect(text.hashtags.length).toBeLessThanOrEqual(m.hashtagsMax);
  });

  it('asks for what it cannot map, and takes only answers it accepts', () => {
    const unknown = facts({ extractedSize: null, condition: null, category: 'Unisex', extractedDepartment: null });
    const asked = assistedListingText(channel, unknown);
    expect(asked.questions.map((q) => q.field)).toEqual(['size', 'condition', 'category']);
    expect(asked.size).toBeNull();
    const answers = { size: asked.questions[0]!.options[3]!, condition: m.conditions[0]!, category: acceptedCategories(m)[0]! };
    const answered = assistedListingText(channel, unknown, answers);
    expect(answered.questions).toEqual([]);
    expect([answered.size, answered.condition, answered.category]).toEqual([answers.size, answers.condition, answers.category]);
    expect(assistedListingText(channel, unknown, { condition: 'Mint' }).condition).toBeNull();
  });
});

describe('each marketplace in its words', () => {
  it('Poshmark: 80-character title, "New With Tags", "Men > Jeans", waist 32', () => {
    const text = assistedListingText('poshmark', facts({ condition: 'new_with_tags' }));
    expect(text.title!.length).toBeLessThanOrEqual(80);
    expect(text.title).toMatch(/^Levi's 501/);
    expect([text.condition, text.category, text.size]).toEqual(['New With Tags', 'Men > Jeans', '32']);
    expect(text.hashtags).toEqual([]);
  });

  it('Depop: no title, the description ends with at most 5 hashtags from brand, tags and category', () => {
    const text = assistedListingText('depop', facts());
    expect(text.title).toBeNull();
    expect(text.hashtags).toEqual(['#levis', '#denim', '#straightleg', '#501', '#vintage']);
    expect(text.description).toMatch(/knees\.\n\n#levis #denim #straightleg #501 #vintage$/);
    expect([text.condition, text.category, text.size]).toEqual(['Used - Good', 'Menswear > Bottoms > Jeans', 'W32']);
  });

  it('Depop: a long description is cut so that it and its hashtags fit 1000 characters', () => {
    const text = assistedListingText('depop', facts({ aiDescription: 'word '.repeat(400) }));
    expect(text.description.length).toBeLessThanOrEqual(1000);
    expect(text.description).toMatch(/…\n\n#levis/);
  });

  it('Grailed: 60-character title; fair is asked (Used or Very Worn is the seller’s call)', () => {
    const text = assistedListingText('grailed', facts({ condition: 'fair' }));
    expect(text.title!.length).toBeLessThanOrEqual(60);
    expect(text.condition).toBeNull();
    expect(text.questions).toEqual([{ field: 'condition', ours: 'fair', options: ['New/Never Worn', 'Gently Used', 'Used', 'Very Worn'] }]);
  });

  it('Mercari and Vinted conditions', () => {
    expect(assistedListingText('mercari', facts({ condition: 'new_without_tags' })).condition).toBe('Like New');
    expect(assistedListingText('vinted', facts({ condition: 'excellent' })).condition).toBe('Very good');
    expect(assistedListingText('vinted', facts({ condition: 'fair' })).condition).toBe('Satisfactory');
  });

  it('women’s numeric sizes and shoes', () => {
    const m = assistedMarketplaces.poshmark;
    expect(sizeFor(m, { extractedSize: '8', extractedSizeType: null, category: 'Womens Jeans' })).toBe('8');
    expect(sizeFor(m, { extractedSize: '28', extractedSizeType: null, category: 'Womens Jeans' })).toBe('28');
    expect(sizeFor(m, { extractedSize: '10 1/2', extractedSizeType: null, category: 'Shoes' })).toBe('10.5');
    expect(sizeFor(assistedMarketplaces.depop, { extractedSize: '9', extractedSizeType: null, category: 'Shoes' })).toBe('US 9');
    expect(sizeFor(m, { extractedSize: '8', extractedSizeType: null, category: 'Mens Tops' })).toBe(ASK);
    expect(sizeFor(m, { extractedSize: 'M', extractedSizeType: 'Plus', category: 'Womens Tops' })).toBe(ASK);
  });

  it('letter sizes read as a size label reads them (SM, LG, 2XS), a letter the site does not offer asked', () => {
    const m = assistedMarketplaces.poshmark;
    const size = (extractedSize: string) => sizeFor(m, { extractedSize, extractedSizeType: null, category: 'Mens Tops' });
    expect([size('SM'), size('LG'), size('2XS'), size('X-Large')]).toEqual(['S', 'L', 'XXS', 'XL']);
    expect(size('5XL')).toBe(ASK);
  });
});

describe('text helpers', () => {
  it('fitText cuts at a word and marks the cut', () => {
    expect(fitText('short', 10)).toBe('short');
    const cut = fitText('one two three four five six', 15);
    expect(cut.length).toBeLessThanOrEqual(15);
    expect(cut).toBe('one two three…');
  });

  it('hashtags never repeat and never exceed the count', () => {
    expect(hashtagsFor(facts({ brand: 'Denim', aiTags: ['denim', 'DENIM', 'x'] }), 5)).toEqual(['#denim', '#jeans']);
    expect(hashtagsFor(facts(), 0)).toEqual([]);
  });
});

describe('listing URLs', () => {
  it.each([
    ['poshmark', 'https://poshmark.com/listing/Levis-501-6543', true],
    ['poshmark', 'https://www.poshmark.ca/listing/x', true],
    ['poshmark', 'https://poshmark.com.evil.example/listing', false],
    ['poshmark', 'https://www.depop.com/products/x', false],
    ['depop', 'https://www.depop.com/products/seller-levis/', true],
    ['mercari', 'https://www.mercari.com/us/item/m123/', true],
    ['vinted', 'https://www.vinted.co.uk/items/123-levis', true],
    ['grailed', 'https://www.grailed.com/listings/123-levis', true],
    ['grailed', 'javascript:alert(1)//grailed.com', false],
    ['grailed', 'grailed.com/listings/1', false],
    ['grailed', 'ftp://grailed.com/x', false],
  ] as const)('%s %s: %s', (channel, url, ok) => {
    expect(isListingUrlOf(channel, url)).toBe(ok);
  });
});
