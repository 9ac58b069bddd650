import { describe, expect, it } from 'vitest';
import { brandFromTitle, categoryFromTitle, COMMON_BRANDS } from './title-facts';

describe('the brand an order title names', () => {
  it('finds a common brand as a whole word, however the title spells its case and apostrophe', () => {
    expect(brandFromTitle('LEVI’S 501 Original Jeans W32 L30 Blue', COMMON_BRANDS)).toBe("Levi's");
    expect(brandFromTitle('Vintage hermes silk scarf', COMMON_BRANDS)).toBe('Hermès');
    expect(brandFromTitle('h&m linen shirt', COMMON_BRANDS)).toBe('H&M');
  });

  it('takes the brand named first, the longer on a tie, and the seller’s own spelling of their brands', () => {
    expect(brandFromTitle('Polo Ralph Lauren Oxford Shirt', COMMON_BRANDS)).toBe('Polo Ralph Lauren');
    expect(brandFromTitle('Nike x Supreme hoodie', COMMON_BRANDS)).toBe('Nike');
    expect(brandFromTitle('Coach leather tote', ['Coach', ...COMMON_BRANDS])).toBe('Coach');
  });

  it('finds none inside another word, in a plain word left out of the list, or in no title', () => {
    expect(brandFromTitle('Leeds United retro shirt', COMMON_BRANDS)).toBeNull();
    expect(brandFromTitle('Coach jacket in navy', COMMON_BRANDS)).toBeNull();
    expect(brandFromTitle(null, COMMON_BRANDS)).toBeNull();
    expect(brandFromTitle('   ', COMMON_BRANDS)).toBeNull();
  });
});

describe('the category an order title names', () => {
  it.each([
    ["Men's Levi's 501 Jeans W32 L30", 'Mens Jeans'],
    ['Womens boot cut jeans size 10', 'Womens Jeans'],
    ['Ladies Zara cap sleeve top M', 'Womens Tops'],
    ['Mens Barbour denim jacket L', 'Mens Outerwear'],
    ["Women's paperbag trousers", 'Womens Pants'],
    ['Mens cargo shorts 34', 'Mens Shorts'],
    ['Ganni shirt dress 38', 'Other Clothing'],
    ['Dr. Martens 1460 boots UK 7', 'Shoes'],
    ['Kate Spade leather handbag', 'Accessories'],
    ['Carhartt unisex hoodie', 'Unisex'],
  ])('%s: %s', (title, category) => {
    expect(categoryFromTitle(title)).toBe(category);
  });

  it('names no category for a garment whose department the title does not say, nor for no kind word', () => {
    expect(categoryFromTitle('Patagonia fleece jacket')).toBeNull();
    expect(categoryFromTitle('Vintage 90s Nike')).toBeNull();
    expect(categoryFromTitle(null)).toBeNull();
  });
});
