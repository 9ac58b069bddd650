import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentEtsyWhenMade, etsyEraIsVintage, etsyWhenMade, etsyWhenMadeLabel } from './etsy';

/** createDraftListing's when_made enum, read straight from the contract file (not through the generated module). */
function contractWhenMade(): string[] {
  const contract = JSON.parse(readFileSync(new URL('../../../contracts/etsy/etsy-openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<
      string,
      Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, { enum: string[] }> } }> } }>
    >;
  };
  const post = contract.paths['/v3/application/shops/{shop_id}/listings']!.post!;
  return post.requestBody.content['application/x-www-form-urlencoded']!.schema.properties.when_made!.enum;
}

describe("Etsy's when_made values", () => {
  it("are the contract's (less made_to_order), so Etsy's 2026 set and none of 2025's", () => {
    expect([...etsyWhenMade].sort()).toEqual(
      contractWhenMade()
        .filter((v) => v !== 'made_to_order')
        .sort(),
    );
    expect(etsyWhenMade).toEqual(expect.arrayContaining(['2020_2026', '2007_2009', 'before_2007', '2000_2006']));
    for (const old of ['2020_2025', '2006_2009', 'before_2006', '2000_2005']) expect(etsyWhenMade).not.toContain(old);
  });

  it('are listed newest first, as the seller reads them: "2000 to 2006" before "Before 2007", then the 1990s', () => {
    expect(etsyWhenMade.map(etsyWhenMadeLabel)).toEqual([
      '2020 to 2026',
      '2010 to 2019',
      '2007 to 2009',
      '2000 to 2006',
      'Before 2007',
      '1990s',
      '1980s',
      '1970s',
      '1960s',
      '1950s',
      '1940s',
      '1930s',
      '1920s',
      '1910s',
      '1900s',
      '1800s',
      '1700s',
      'Before 1700',
    ]);
  });

  it("maps an answer from an earlier year's set onto the narrowest era now holding all its years, or asks again", () => {
    expect(currentEtsyWhenMade('2020_2025')).toBe('2020_2026');
    expect(currentEtsyWhenMade('2000_2005')).toBe('2000_2006');
    expect(currentEtsyWhenMade('before_2006')).toBe('before_2007');
    expect(currentEtsyWhenMade('1990s')).toBe('1990s');
    expect(currentEtsyWhenMade('1800s')).toBe('1800s');
    // 2006 to 2009 lies across 2026's before_2007 and 2007_2009: never guessed.
    expect(currentEtsyWhenMade('2006_2009')).toBeNull();
    expect(currentEtsyWhenMade('made_to_order')).toBeNull();
    expect(currentEtsyWhenMade('soon')).toBeNull();
    expect(currentEtsyWhenMade(null)).toBeNull();
  });

  it('reads vintage (20 years or older) from the years, and labels them in words', () => {
    expect(etsyEraIsVintage('before_2007', 2026)).toBe(true);
    expect(etsyEraIsVintage('2000_2006', 2026)).toBe(true);
    expect(etsyEraIsVintage('2007_2009', 2026)).toBe(false);
    expect(etsyEraIsVintage('2020_2026', 2026)).toBe(false);
    expect(etsyEraIsVintage('1900s', 2026)).toBe(true);
    expect(etsyEraIsVintage('2007_2009', 2029)).toBe(true);
    expect(etsyWhenMadeLabel('2020_2026')).toBe('2020 to 2026');
    expect(etsyWhenMadeLabel('before_2007')).toBe('Before 2007');
    expect(etsyWhenMadeLabel('1990s')).toBe('1990s');
  });
});
