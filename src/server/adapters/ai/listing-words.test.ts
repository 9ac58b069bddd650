import { describe, expect, it } from 'vitest';
import { sellerCountries } from '@shared/domain/seller-region';
import { basicDraft } from './basic-generator';
import { listingUserPrompt } from './listing-prompt';
import type { ListingRequest, SellerFacts } from './listing-generator';
import { listingLanguageOf, listingLanguages, vocabularyRows } from './listing-words';

const none = { size: null, sizeType: null, color: null, material: null, style: null, fit: null };
const facts = (given: Partial<SellerFacts>): SellerFacts => ({ ...none, ...given });

const request = (r: Partial<ListingRequest>): ListingRequest => ({
  sku: 'PSTFSH-001',
  category: null,
  condition: null,
  brand: null,
  photos: [],
  ...r,
});

/** English words a German, French, Italian or Spanish listing must never carry from the writer. */
const ENGLISH_WORDS = /\b(Men's|Women's|Size|Blue|Regular|Cotton|Condition|Pre-owned|see the photos|Ships|as stated)\b/;

describe('the listing in its buyers language, one language per listing', () => {
  it("a German seller's men's top in M, blue, good condition: every word the writer adds is German", () => {
    const draft = basicDraft(
      request({
        category: 'Mens Tops',
        condition: 'good',
        brand: 'Hugo Boss',
        facts: facts({ size: 'M', sizeType: 'Regular', color: 'Blue' }),
        country: 'DE',
      }),
      null,
    );
    expect(draft.title).toBe('Hugo Boss Herren Top Gr. M Blau');
    expect(draft.description).toMatch(/^Gebraucht: Hugo Boss Herren Top\./);
    expect(draft.description).toContain('Größe M. Farbe: Blau.');
    expect(draft.description).toContain('Zustand: Gut, laut Verkäufer.');
    expect(draft.conditionNotes).toBe('Gut laut Verkäufer; Gebrauchsspuren bitte auf den Fotos prüfen.');
    for (const text of [draft.title, draft.description, draft.conditionNotes]) expect(text).not.toMatch(ENGLISH_WORDS);
  });

  it('facts given in the site\'s words ("Normal", "Blau") are not said twice or in English', () => {
    const draft = basicDraft(
      request({ category: 'Mens Tops', brand: 'Hugo Boss', facts: facts({ size: 'M', sizeType: 'Normal', color: 'Blau' }), country: 'DE' }),
      null,
    );
    expect(draft.title).toBe('Hugo Boss Herren Top Gr. M Blau');
  });

  it.each([
    ['FR', 'Jean', 'Taille W32', 'Bleu', /^Jean Levi's Femme\./],
    ['IT', 'Jeans', 'Taglia W32', 'Blu', /^Jeans Levi's Donna\./],
    ['ES', 'Vaqueros', 'Talla W32', 'Azul', /^Vaqueros Levi's Mujer\./],
  ])("a seller in %s: the women's jeans in their language", (country, type, size, colour, opening) => {
    const draft = basicDraft(
      request({
        category: 'Womens Jeans',
        brand: "Levi's",
        facts: facts({ size: 'W32', color: 'Blue', material: '100% Cotton' }),
        country,
      }),
      null,
    );
    expect(draft.title).toContain(type);
    expect(draft.title).toContain(size);
    expect(draft.title).toContain(colour);
    expect(draft.description).toMatch(opening);
    for (const text of [draft.title, draft.description, draft.conditionNotes]) expect(text).not.toMatch(ENGLISH_WORDS);
  });

  it('a UK or US seller still reads English, with their own "Colour"', () => {
    const uk = basicDraft(request({ category: 'Mens Tops', brand: 'Nike', facts: facts({ color: 'Blue' }), country: 'GB' }), null);
    expect(uk.title).toBe("Nike Men's Top Blue");
    expect(uk.description).toContain('Colour: Blue');
  });

  it('every country sells in a language of the table, and every word of the table is in all four others', () => {
    expect(sellerCountries.map(listingLanguageOf)).toEqual(['en', 'en', 'de', 'fr', 'it', 'es', 'en', 'en']);
    for (const [english, words] of Object.entries(vocabularyRows)) {
      expect(Object.keys(words).sort(), english).toEqual(listingLanguages.filter((l) => l !== 'en').sort());
      for (const word of Object.values(words)) expect(word.trim(), english).not.toBe('');
    }
  });
});

describe("the cloud writers' prompt", () => {
  it("asks a German seller's listing in German and its facts in English; an English seller's as before", () => {
    const german = listingUserPrompt(request({ category: 'Mens Tops', country: 'DE' }));
    expect(german).toContain('Write the title, the description, the condition notes and the tags in German');
    expect(german).toContain('Keep the extracted attributes and the item specifics in English');
    expect(listingUserPrompt(request({ category: 'Mens Tops', country: 'GB' }))).not.toContain('Write the title');
  });
});
