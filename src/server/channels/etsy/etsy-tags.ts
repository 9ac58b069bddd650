/** Etsy's tag rules (its API reference for createDraftListing): at most 13, each at most 20 characters. */
export const ETSY_TAGS_MAX = 13;
export const ETSY_TAG_MAX = 20;
/** What Etsy refuses in a tag: anything but letters, digits, spaces, - ' ™ © ®. */
const REFUSED = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]+/gu;

/**
 * The item's tags as Etsy takes them: curly apostrophes straight, other refused characters spaces, a tag longer than Etsy allows is left out
 * (never cut mid-word into another meaning), repeats go, and the first 13 are kept. The item's own tags stay as they
 * are (eBay and the assisted marketplaces read them whole).
 */
export function etsyTagsOf(tags: readonly string[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.replace(/[‘’]/g, "'").replace(REFUSED, ' ').replace(/\s+/g, ' ').trim();
    const key = tag.toLowerCase();
    if (!tag || [...tag].length > ETSY_TAG_MAX || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
    if (kept.length === ETSY_TAGS_MAX) break;
  }
  return kept;
}
