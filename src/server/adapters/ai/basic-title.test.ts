import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, QUICK_EDIT_CONDITIONS } from '@shared/domain/catalog';
import { TITLE_MAX, TITLE_MIN } from '@shared/domain/listing';
import { basicDraft } from './basic-generator';
import type { ListingRequest } from './listing-generator';

const request = (r: Partial<ListingRequest>): ListingRequest => ({
  sku: 'PSTFSH-001',
  category: null,
  condition: null,
  brand: null,
  photos: [],
  ...r,
});

/** The offline writer's title and description say what the seller said, and nothing else. */
describe('the offline writer: titles and descriptions a buyer would trust', () => {
  it('a new-with-tags item is never called pre-owned, in its title or its description', () => {
    const draft = basicDraft(request({ category: 'Mens Tops', condition: 'new_with_tags', brand: 'Nike' }), null);
    expect(draft.title).toBe("Nike Men's Top New with Tags");
    expect(draft.description).not.toMatch(/pre-?owned/i);
    expect(draft.description).toMatch(/^New with tags: Nike men's top\./);
    const withoutTags = basicDraft(request({ category: 'Womens Jeans', condition: 'new_without_tags', brand: 'Levi’s' }), null);
    expect(withoutTags.title).toBe("Levi’s Women's Jeans New without Tags");
    expect(`${withoutTags.title} ${withoutTags.description}`).not.toMatch(/pre-?owned/i);
  });

  it('a used item says pre-owned in its description, and its title keeps the brand', () => {
    const draft = basicDraft(request({ category: 'Mens Jeans', condition: 'good', brand: "Levi's" }), null);
    expect(draft.title).toBe("Levi's Men's Jeans");
    expect(draft.description).toMatch(/^Pre-owned: Levi's men's jeans\./);
  });

  it('orders the seller’s facts as buyers search: brand, department, type, key attributes, size, colour', () => {
    const draft = basicDraft(
      request({
        category: 'Mens Jeans',
        condition: 'new_with_tags',
        brand: "Levi's",
        facts: { style: 'Bootcut', fit: null, material: 'Denim', size: '32x30', sizeType: 'Regular', color: 'Blue' },
      }),
      null,
    );
    expect(draft.title).toBe("Levi's Men's Jeans Bootcut Denim Size 32x30 Blue New with Tags");
    expect(draft.description).toContain('Size 32x30');
    expect(draft.extracted).toMatchObject({ size: '32x30', color: 'Blue', material: 'Denim', style: 'Bootcut' });
  });

  it('a condition not stated gives no condition word at all', () => {
    expect(basicDraft(request({ category: 'Shoes', brand: 'Nike' }), null).title).toBe('Nike Shoes');
    const draft = basicDraft(request({ category: 'Womens Tops' }), null);
    expect(draft.title).toBe("Women's Top");
    expect(`${draft.title} ${draft.description}`).not.toMatch(/pre-?owned|\bnew\b/i);
  });

  it('drops the least searched words first to stay within 80 characters, keeping brand, department and type', () => {
    const draft = basicDraft(
      request({
        category: 'Womens Outerwear',
        condition: 'new_with_tags',
        brand: 'Dolce & Gabbana Limited Atelier',
        facts: {
          style: 'Relaxed',
          fit: 'Oversized',
          material: 'Virgin Wool Cashmere Blend',
          size: 'Large',
          sizeType: 'Petite',
          color: 'Camel',
        },
      }),
      null,
    );
    expect(draft.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(draft.title.startsWith("Dolce & Gabbana Limited Atelier Women's Jacket")).toBe(true);
    expect(draft.title).toContain('New with Tags');
  });

  const text = (max: number) =>
    fc
      .string({ minLength: 1, maxLength: max })
      .map((s) => s.replace(/\s+/g, ' ').trim())
      .filter((s) => s.length > 0);
  const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

  it('property: for any facts, the title has the brand, fits 80 characters and no condition word contradicts the condition', () => {
    fc.assert(
      fc.property(
        orNull(fc.constantFrom(...CATEGORIES)),
        orNull(fc.constantFrom(...QUICK_EDIT_CONDITIONS)),
        orNull(text(50)),
        fc.record({
          size: orNull(text(20)),
          sizeType: orNull(fc.constantFrom('Regular', 'Petite', 'Plus', 'Big & Tall', 'Maternity')),
          color: orNull(text(30)),
          material: orNull(text(50)),
          style: orNull(text(30)),
          fit: orNull(text(30)),
        }),
        (category, condition, brand, facts) => {
          const draft = basicDraft(request({ category, condition, brand, facts }), null);
          const { title, description } = draft;
          expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
          expect(title.length).toBeGreaterThanOrEqual(TITLE_MIN);
          if (brand) expect(title).toContain(brand);
          const isNew = condition === 'new_with_tags' || condition === 'new_without_tags';
          // Words a seller's own facts may contain are left out of the check: only what the writer adds is judged.
          const own = [brand, ...Object.values(facts)].join(' ');
          if (isNew && !/pre-?owned|used/i.test(own)) expect(`${title} ${description}`).not.toMatch(/pre-?owned|\bused\b/i);
          if (!isNew && !/\bnew\b/i.test(own)) expect(title).not.toMatch(/\bnew\b/i);
          if (condition !== 'new_with_tags' && !/with tags/i.test(own)) expect(`${title} ${description}`).not.toMatch(/new with tags/i);
          if (!condition && !/pre-?owned/i.test(own)) expect(`${title} ${description}`).not.toMatch(/pre-?owned/i);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** A US seller's listing said "Colour"; each seller reads their own English. */
describe("the offline writer in the seller's English", () => {
  const facts = { size: null, sizeType: null, color: 'Navy', material: null, style: null, fit: null };
  const guess = {
    name: 'Blue',
    shade: 'denim',
    hex: '#4a6a94',
    photo: 0,
    confidence: 0.3,
    share: 0.9,
    method: 'backdrop',
    sure: false,
  } as const;
  it('writes "Color" for a US seller and "Colour" for a UK one, in the description and the photo guess', () => {
    const us = basicDraft(request({ category: 'Mens Tops', facts, country: 'US' }), null);
    expect(us.description).toContain('Color: Navy');
    expect(us.description).not.toContain('Colour');
    const usGuess = basicDraft(request({ category: 'Mens Tops', country: 'US' }), guess);
    expect(usGuess.evidence.color?.note).toMatch(/enter the color$/);
    const uk = basicDraft(request({ category: 'Mens Tops', facts, country: 'GB' }), null);
    expect(uk.description).toContain('Colour: Navy');
    const ukGuess = basicDraft(request({ category: 'Mens Tops', country: 'GB' }), guess);
    expect(ukGuess.evidence.color?.note).toMatch(/enter the colour$/);
  });
});
