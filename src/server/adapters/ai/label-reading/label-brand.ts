import { editDistance, fold, skeleton, type ReadLine } from './label-text';

/**
 * The brand a label names, from a list of brands (the seller's own first, then the marketplaces' common ones): a line
 * that is the brand, or holds it as whole words, however the OCR spelled its case, accents and look-alike characters
 * ("LEV1'S", "HERMES"), and with one letter wrong in a long name ("PATAG0NIA", "TOMMY HILFIGEP"). A short name
 * (4 letters or fewer: "GAP", "COS", "LEE") only as a whole word spelled right, so "VISCOSE" is not COS; a long one
 * (6 or more) also at the start of a word the OCR ran together ("HERMESPARIS"). A brand that is a plain word ("GAP",
 * "NEXT") only where a line says it alone. Names on a
 * line with a percent sign (a composition) are not brands.
 */

/** How brands are printed on their labels where the name is not the brand's own ("Levi Strauss & Co."). */
const PRINTED_AS: Record<string, string> = {
  'LEVI STRAUSS': "Levi's",
  'LEVI STRAUSS & CO': "Levi's",
};

export interface BrandRead {
  brand: string;
  confidence: number;
  /** The line it was read on, as read. */
  line: string;
}

interface Candidate {
  brand: string;
  words: string[];
  key: string;
  /** A plain-word brand: only a line that is the word alone names it. */
  alone: boolean;
}

const keyOf = (brand: string) => skeleton(brand);
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^A-Z0-9'&.|!$]+/)
    .filter(Boolean);

function candidatesOf(brands: readonly string[], aloneBrands: readonly string[]): Candidate[] {
  const seen = new Set<string>();
  const list: Candidate[] = [];
  const add = (printed: string, brand: string, alone: boolean) => {
    const key = keyOf(printed);
    if (key.length < 2 || seen.has(key)) return;
    seen.add(key);
    list.push({ brand, words: wordsOf(printed).map(skeleton).filter(Boolean), key, alone });
  };
  for (const brand of brands) add(brand.trim(), brand.trim(), false);
  for (const [printed, brand] of Object.entries(PRINTED_AS)) add(printed, brand, false);
  for (const brand of aloneBrands) add(brand.trim(), brand.trim(), true);
  return list;
}

/** Letters allowed wrong in a name of this many: none up to 5, one up to 10, two beyond. */
const slack = (length: number) => (length <= 5 ? 0 : length <= 10 ? 1 : 2);

/** How well `candidate` stands in `line` as whole words (1 exact, less for each letter wrong), or 0. */
function matchIn(candidate: Candidate, lineWords: string[]): number {
  if (candidate.alone) return lineWords.join('') === candidate.key ? 1 : 0;
  const n = candidate.words.length;
  let best = 0;
  // The brand's words as consecutive words of the line, or run together (the OCR may lose the spaces).
  for (let start = 0; start < lineWords.length; start++) {
    for (let take = 1; take <= Math.min(n + 1, lineWords.length - start); take++) {
      const joined = lineWords.slice(start, start + take).join('');
      const short = candidate.key.length <= 4;
      if (short) {
        if (take === 1 && joined === candidate.key) best = Math.max(best, 1);
        continue;
      }
      const allowed = slack(candidate.key.length);
      const distance = editDistance(joined, candidate.key, allowed);
      if (distance <= allowed) best = Math.max(best, 1 - distance / candidate.key.length);
      // A long name run into the next word ("HERMESPARIS"): the word starts with it.
      else if (take === 1 && candidate.key.length >= 6 && joined.length > candidate.key.length && joined.startsWith(candidate.key))
        best = Math.max(best, 0.9);
    }
  }
  return best;
}

/**
 * The brand the lines name, or null: the best match, the longer name on a tie ("Polo Ralph Lauren" over "Ralph
 * Lauren"), the seller's own brand before a common one. Two different brands matched equally well is no answer.
 */
export function brandOf(lines: readonly ReadLine[], brands: readonly string[], aloneBrands: readonly string[] = []): BrandRead | null {
  const candidates = candidatesOf(brands, aloneBrands);
  const found: (BrandRead & { key: string; order: number })[] = [];
  for (const line of lines) {
    if (line.text.includes('%')) continue;
    const lineWords = wordsOf(line.text).map(skeleton).filter(Boolean);
    if (!lineWords.length) continue;
    candidates.forEach((candidate, order) => {
      const match = matchIn(candidate, lineWords);
      if (match > 0)
        found.push({ brand: candidate.brand, confidence: match * line.confidence, line: line.text, key: candidate.key, order });
    });
  }
  // A name inside a longer one found too ("Ralph Lauren" in "Polo Ralph Lauren") is that one.
  const kept = found.filter((f) => !found.some((other) => other.key.length > f.key.length && other.key.includes(f.key)));
  kept.sort((a, b) => b.confidence - a.confidence || b.key.length - a.key.length || a.order - b.order);
  const [best, next] = kept;
  if (!best) return null;
  if (next && next.brand !== best.brand && best.confidence - next.confidence <= 0.05) return null;
  return { brand: best.brand, confidence: best.confidence, line: best.line };
}
