import { describe, expect, it } from 'vitest';
import { SKU_MAX_LENGTH, generatedSkuNumber, skuProblem, skuTypo } from './sku';

describe('skuProblem', () => {
  it('takes generated and hand-typed SKUs of letters, numbers, - and _, in any case', () => {
    for (const ok of ['PSTFSH-001', 'pstfsh-1000', '  dress-a ', 'JACKET_7', 'A', 'X'.repeat(SKU_MAX_LENGTH)]) {
      expect(skuProblem(ok), ok).toBeNull();
    }
  });

  it('refuses an empty SKU with the agreed words', () => {
    expect(skuProblem('')).toBe('SKU cannot be empty');
    expect(skuProblem('   ')).toBe('SKU cannot be empty');
  });

  it('names the characters eBay refuses', () => {
    expect(skuProblem('pstfsh 5!')).toBe('SKU cannot contain spaces or "!". Use only letters, numbers, hyphens and underscores.');
    expect(skuProblem('a/b.c')).toBe('SKU cannot contain "/" or ".". Use only letters, numbers, hyphens and underscores.');
    expect(skuProblem('robe-é')).toBe('SKU cannot contain "É". Use only letters, numbers, hyphens and underscores.');
    expect(skuProblem('a b c?d e')).toBe('SKU cannot contain spaces or "?". Use only letters, numbers, hyphens and underscores.');
    expect(skuProblem('a#b%c')).toBe('SKU cannot contain "#" or "%". Use only letters, numbers, hyphens and underscores.');
    expect(skuProblem('a;b,c"')).toBe(
      'SKU cannot contain ";", "," or quotation marks. Use only letters, numbers, hyphens and underscores.',
    );
  });

  it("refuses more than eBay's 50 characters", () => {
    expect(skuProblem('X'.repeat(SKU_MAX_LENGTH + 1))).toBe('SKU must be at most 50 characters');
  });
});

describe('skuTypo', () => {
  it('flags a letter O between digits and offers the SKU meant', () => {
    expect(skuTypo('pstfsh-0O4')).toEqual({
      fix: 'PSTFSH-004',
      message: 'Did you mean PSTFSH-004? PSTFSH-0O4 has a letter O between digits.',
    });
    expect(skuTypo('PSTFSH-1OO2')?.fix).toBe('PSTFSH-1002');
  });

  it('leaves an O that is part of a word alone, and says nothing about unusable SKUs', () => {
    expect(skuTypo('COAT-10')).toBeNull();
    expect(skuTypo('PSTFSH-O04')).toBeNull();
    expect(skuTypo('BOOT-2')).toBeNull();
    expect(skuTypo('0O4 !')).toBeNull();
  });
});

describe('generatedSkuNumber', () => {
  it('reads the counter of a generated SKU only', () => {
    expect(generatedSkuNumber('PSTFSH-004')).toBe(4);
    expect(generatedSkuNumber('PSTFSH-1000')).toBe(1000);
    expect(generatedSkuNumber('PSTFSH-04')).toBeNull();
    expect(generatedSkuNumber('PSTFSH-000')).toBeNull();
    expect(generatedSkuNumber('DRESS-004')).toBeNull();
  });
});
