import { describe, expect, it } from 'vitest';
import { CATEGORIES, SIZE_TYPES } from '../catalog';
import { assistedChannels } from '../channel-listing';
import { sellerMarketplace, sellerMarketplaceIds } from '../ebay-sites';
import { acceptedSizes, ASK, assistedMarketplaces, shoeSizes, waistSizes, womensNumericSizes } from './marketplaces';
import { sizeStandards, ukDressSizeOf, ukDressSizes } from './size-standards';
import { assistedSiteFor } from './sites';
import { assistedListingText, isListingUrlOf, sizeFor, type AssistedItemFacts } from './vocabulary';

/** The assisted marketplaces in the seller's country, their currencies and their UK and EU sizes. */
const jumper = (over: Partial<AssistedItemFacts> = {}): AssistedItemFacts => ({
  sku: 'UK-001',
  category: 'Womens Tops',
  condition: 'good',
  brand: 'Boden',
  aiTitle: 'Boden Merino Jumper Navy',
  aiDescription: 'Soft merino jumper in navy, worn twice.',
  aiTags: ['merino', 'jumper'],
  extractedBrand: null,
  extractedSize: '8',
  extractedSizeType: 'Regular',
  extractedDepartment: 'Women',
  ...over,
});

/** Every size this app reads off labels (US letters, waists, US women's, US shoes, and labels in UK and EU sizes). */
const ourSizes: Array<{ size: string; category: string }> = [
  ...['XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size'].flatMap((size) => ['Mens Tops', 'Womens Tops'].map((category) => ({ size, category }))),
  ...waistSizes.flatMap((w) => ['Mens Jeans', 'Womens Jeans'].map((category) => ({ size: `${w}x30`, category }))),
  ...womensNumericSizes.flatMap((size) => ['Womens Jeans', 'Womens Tops', 'Womens Outerwear'].map((category) => ({ size, category }))),
  ...shoeSizes.flatMap((size) => ['Mens Shoes', 'Womens Shoes', 'Shoes'].map((category) => ({ size, category }))),
  ...['UK 12', 'UK 8', 'UK 7.5', 'EU 40', 'EU 42', 'EU 38.5', 'UK 31', 'EU 99'].flatMap((size) =>
    ['Womens Tops', 'Womens Shoes', 'Mens Shoes'].map((category) => ({ size, category })),
  ),
  ...['', '4XL', 'free', 'M/L'].flatMap((size) => CATEGORIES.map((category) => ({ size, category }))),
];

describe.each(assistedChannels)('%s in each size standard', (channel) => {
  const m = assistedMarketplaces[channel];
  it.each(sizeStandards)('maps every size of ours to a %s size it offers, or asks', (standard) => {
    const accepted = acceptedSizes(m, standard);
    for (const { size, category } of ourSizes)
      for (const extractedSizeType of [...SIZE_TYPES, null]) {
        const mapped = sizeFor(m, { extractedSize: size, extractedSizeType, category }, standard);
        expect(mapped === ASK || accepted.includes(mapped), `${standard}: ${size} ${category} -> ${mapped}`).toBe(true);
        if (extractedSizeType && extractedSizeType !== 'Regular') expect(mapped).toBe(ASK);
      }
  });
});

describe('UK and EU sizes', () => {
  it('writes a US women’s size as its UK dress size (four more; US 00 is UK 2), and nothing else', () => {
    expect(womensNumericSizes.map(ukDressSizeOf)).toEqual(ukDressSizes.slice(0, womensNumericSizes.length));
    expect([ukDressSizeOf('8'), ukDressSizeOf('24'), ukDressSizeOf('7'), ukDressSizeOf('26'), ukDressSizeOf('M')]).toEqual([
      'UK 12',
      'UK 28',
      null,
      null,
      null,
    ]);
  });

  it.each(['vinted', 'depop'] as const)(
    '%s UK: a US 8 is UK 12, letters and waists stay, a US shoe size is asked, a UK label is used',
    (c) => {
      const m = assistedMarketplaces[c];
      const uk = (extractedSize: string, category: string) => sizeFor(m, { extractedSize, extractedSizeType: 'Regular', category }, 'UK');
      expect(uk('8', 'Womens Tops')).toBe('UK 12');
      expect(uk('US 8', 'Womens Jeans')).toBe('UK 12');
      expect(uk('M', 'Womens Tops')).toBe('M');
      expect(uk('32x30', 'Mens Jeans')).toBe('W32');
      expect(uk('9', 'Mens Shoes')).toBe(ASK);
      expect(uk('UK 8', 'Mens Shoes')).toBe('UK 8');
      expect(uk('uk 7 1/2', 'Womens Shoes')).toBe('UK 7.5');
      expect(uk('EU 42', 'Mens Shoes')).toBe(ASK);
    },
  );

  it('Vinted’s EU sites: letters and waists stay, EU labels are used, US numeric and shoe sizes are asked; a US site asks for UK and EU labels', () => {
    const m = assistedMarketplaces.vinted;
    const eu = (extractedSize: string, category: string) => sizeFor(m, { extractedSize, extractedSizeType: 'Regular', category }, 'EU');
    expect([eu('L', 'Mens Tops'), eu('30x32', 'Womens Jeans'), eu('EU 40', 'Womens Tops'), eu('EU 42', 'Mens Shoes')]).toEqual([
      'L',
      'W30',
      'EU 40',
      'EU 42',
    ]);
    expect([eu('8', 'Womens Tops'), eu('9', 'Mens Shoes'), eu('UK 12', 'Womens Tops')]).toEqual([ASK, ASK, ASK]);
    expect(sizeFor(m, { extractedSize: 'UK 12', extractedSizeType: null, category: 'Womens Tops' })).toBe(ASK);
  });
});

describe('the seller’s country picks the site', () => {
  it('Vinted: a site per country in its currency and size standard; none in Canada or Australia', () => {
    expect(assistedSiteFor('vinted', 'FR')).toEqual({
      name: 'Vinted France',
      host: 'vinted.fr',
      country: 'FR',
      currency: 'EUR',
      sizeStandard: 'EU',
    });
    expect(assistedSiteFor('vinted', 'GB')).toMatchObject({ name: 'Vinted UK', host: 'vinted.co.uk', currency: 'GBP', sizeStandard: 'UK' });
    expect(['DE', 'IT', 'ES', 'NL', 'BE'].map((c) => assistedSiteFor('vinted', c)?.host)).toEqual([
      'vinted.de',
      'vinted.it',
      'vinted.es',
      'vinted.nl',
      'vinted.be',
    ]);
    expect(['DE', 'IT', 'ES', 'NL'].every((c) => assistedSiteFor('vinted', c)?.currency === 'EUR')).toBe(true);
    expect(assistedSiteFor('vinted', 'US')).toMatchObject({ host: 'vinted.com', currency: 'USD', sizeStandard: 'US' });
    expect([assistedSiteFor('vinted', 'CA'), assistedSiteFor('vinted', 'AU')]).toEqual([null, null]);
  });

  it('Depop in pounds and UK sizes for a UK seller; every eBay marketplace’s country gets a site or none, never a wrong currency', () => {
    expect(assistedSiteFor('depop', 'GB')).toMatchObject({ host: 'depop.com', currency: 'GBP', sizeStandard: 'UK' });
    for (const id of sellerMarketplaceIds) {
      const home = sellerMarketplace(id);
      for (const channel of ['vinted', 'depop'] as const) {
        const site = assistedSiteFor(channel, home.country);
        if (site) expect(site.currency, `${channel} ${id}`).toBe(home.currency);
      }
    }
    // Grailed is one site, in dollars, wherever the seller is.
    expect(assistedSiteFor('grailed', 'GB')).toMatchObject({ name: 'Grailed', host: 'grailed.com', currency: 'USD' });
  });

  it('takes a listing URL on any of the marketplace’s sites, and no other', () => {
    expect(isListingUrlOf('vinted', 'https://www.vinted.fr/items/123-pull')).toBe(true);
    expect(isListingUrlOf('vinted', 'https://www.vinted.it/items/123')).toBe(true);
    expect(isListingUrlOf('vinted', 'https://www.vinted.fr.example.com/items/1')).toBe(false);
    expect(isListingUrlOf('depop', 'https://www.vinted.fr/items/1')).toBe(false);
  });

  it('the UK draft: its size in UK sizes in the field and in the text', () => {
    const site = assistedSiteFor('vinted', 'GB');
    const text = assistedListingText('vinted', jumper(), {}, site);
    expect(text.size).toBe('UK 12');
    expect(text.description).toBe('Soft merino jumper in navy, worn twice.\n\nSize: UK 12');
    const depop = assistedListingText('depop', jumper(), {}, assistedSiteFor('depop', 'GB'));
    expect(depop.description).toBe('Soft merino jumper in navy, worn twice.\n\nSize: UK 12\n\n#boden #merino #jumper #tops');
    expect(depop.description.length).toBeLessThanOrEqual(1000);
    // On the US site, as before: no size line, US sizes.
    expect(assistedListingText('vinted', jumper(), {}, assistedSiteFor('vinted', 'US'))).toMatchObject({
      size: '8',
      description: 'Soft merino jumper in navy, worn twice.',
    });
    // An EU site asks, with its EU sizes to choose from.
    const fr = assistedListingText('vinted', jumper(), {}, assistedSiteFor('vinted', 'FR'));
    expect(fr.size).toBeNull();
    expect(fr.questions[0]).toMatchObject({ field: 'size', ours: '8, Regular' });
    expect(fr.questions[0]!.options).toContain('EU 40');
    expect(assistedListingText('vinted', jumper(), { size: 'EU 40' }, assistedSiteFor('vinted', 'FR')).description).toMatch(/Size: EU 40$/);
  });
});
