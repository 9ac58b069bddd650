import { describe, expect, it } from 'vitest';
import { brandAsWritten, brandTypoOf, editDistance, foldBrand, labelBrandOf } from './brand-typo';

describe('editDistance (Damerau-Levenshtein, optimal string alignment)', () => {
  it('counts a swap of neighbours as one edit, as insertions, deletions and substitutions are', () => {
    expect(editDistance('barbuor', 'barbour')).toBe(1);
    expect(editDistance('barbor', 'barbour')).toBe(1);
    expect(editDistance('barbourr', 'barbour')).toBe(1);
    expect(editDistance('barbiur', 'barbour')).toBe(1);
    expect(editDistance('brabuor', 'barbour')).toBe(2);
    expect(editDistance('', 'nike')).toBe(4);
    expect(editDistance('patagonia', 'patagonia')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('foldBrand', () => {
  it('leaves out case, accents, punctuation and spaces', () => {
    expect(foldBrand("  Levi's ")).toBe('levis');
    expect(foldBrand('Hermès')).toBe('hermes');
    expect(foldBrand('Dr. Martens')).toBe('drmartens');
  });
});

describe('brandTypoOf', () => {
  it('names the label’s brand when the typed one is a slip of it', () => {
    expect(brandTypoOf('Barbuor', 'Barbour')).toBe('Barbour');
    expect(brandTypoOf('barbor', 'Barbour')).toBe('Barbour');
    expect(brandTypoOf('Patagnoia', 'Patagonia')).toBe('Patagonia');
    expect(brandTypoOf('Ralf Lauren', 'Ralph Lauren')).toBe('Ralph Lauren');
    expect(brandTypoOf('Nkie', 'Nike')).toBe('Nike');
  });

  it('says nothing when the typed brand is the label’s, but for case, accents and punctuation', () => {
    expect(brandTypoOf('Barbour', 'Barbour')).toBeNull();
    expect(brandTypoOf('BARBOUR', 'Barbour')).toBeNull();
    expect(brandTypoOf('Levis', "Levi's")).toBeNull();
    expect(brandTypoOf('Hermes', 'Hermès')).toBeNull();
  });

  it('says nothing when the typed brand is far from the label’s, or another brand the app knows', () => {
    expect(brandTypoOf('Carhartt', 'Barbour')).toBeNull();
    expect(brandTypoOf('Brabuor', 'Barbour')).toBe('Barbour');
    expect(brandTypoOf('Brabuorr', 'Barbour')).toBeNull();
    // Two edits turn a short name into another word: one only.
    expect(brandTypoOf('Nico', 'Nike')).toBeNull();
    expect(brandTypoOf('Gas', 'Gap')).toBe('Gap');
    // A real brand typed is the seller's choice, however near: "Puma" where the label was read "Pima".
    expect(brandTypoOf('Puma', 'Pima')).toBeNull();
    expect(brandTypoOf('Pimma', 'Pima')).toBe('Pima');
  });

  it('says nothing with nothing typed or nothing read', () => {
    expect(brandTypoOf('', 'Barbour')).toBeNull();
    expect(brandTypoOf('  ', 'Barbour')).toBeNull();
    expect(brandTypoOf(null, 'Barbour')).toBeNull();
    expect(brandTypoOf('Barbuor', null)).toBeNull();
    expect(brandTypoOf('Barbuor', ' ')).toBeNull();
  });
});

describe('labelBrandOf', () => {
  it('is the brand filled from a label, or the label’s side of a disagreement', () => {
    expect(labelBrandOf({ note: 'Read on the label: "BARBOUR"' }, 'Barbour')).toBe('Barbour');
    expect(labelBrandOf({ note: 'Label says Lee; the AI says Levi’s', disagreement: { label: 'Lee' } }, null)).toBe('Lee');
  });

  it('is null for a brand the seller entered or the AI wrote, or none', () => {
    expect(labelBrandOf({ note: 'Entered by the seller' }, 'Barbuor')).toBeNull();
    expect(labelBrandOf({ note: 'Logo on the chest' }, 'Nike')).toBeNull();
    expect(labelBrandOf(undefined, 'Nike')).toBeNull();
    expect(labelBrandOf({ note: 'Read on the label: "BARBOUR"' }, null)).toBeNull();
  });
});

describe('brandAsWritten', () => {
  it('writes a known brand typed all in small letters as the brand is written', () => {
    expect(brandAsWritten('uniqlo')).toBe('Uniqlo');
    expect(brandAsWritten('levis')).toBe("Levi's");
  });

  it('keeps a brand typed with capitals, and an unknown one, as the seller typed it', () => {
    expect(brandAsWritten('UNIQLO')).toBe('UNIQLO');
    expect(brandAsWritten('Levis')).toBe('Levis');
    expect(brandAsWritten('my little label')).toBe('my little label');
  });
});
