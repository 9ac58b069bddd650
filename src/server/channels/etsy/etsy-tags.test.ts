import { describe, expect, it } from 'vitest';
import { etsyTagsOf } from './etsy-tags';

describe('etsyTagsOf', () => {
  it('keeps tags Etsy takes as they are', () => {
    expect(etsyTagsOf(["levi's", 'jeans', '90s denim'])).toEqual(["levi's", 'jeans', '90s denim']);
    expect(etsyTagsOf(['Levi’s 501', "levi's 501"])).toEqual(["Levi's 501"]);
  });

  it('turns refused characters into spaces and drops what is then empty or repeated', () => {
    expect(etsyTagsOf(['jeans & denim', 'w32/l30', '!!!', 'Jeans', 'jeans'])).toEqual(['jeans denim', 'w32 l30', 'Jeans']);
  });

  it('leaves out a tag longer than 20 characters and keeps the first 13', () => {
    const many = Array.from({ length: 16 }, (_, n) => `tag ${n}`);
    expect(etsyTagsOf(['high waisted vintage denim jeans', ...many])).toEqual(many.slice(0, 13));
    expect(etsyTagsOf(['a'.repeat(20), 'b'.repeat(21)])).toEqual(['a'.repeat(20)]);
  });
});
