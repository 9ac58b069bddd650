import { COMMON_BRANDS, PLAIN_WORD_BRANDS } from './common-brands';

/** How the evidence of a fact read on a label begins ('Read on the label: "BARBOUR"'); the web knows a label's brand by it. */
export const LABEL_NOTE_PREFIX = 'Read on the label: ';

/** A brand folded for comparing: case, accents, punctuation and spaces left out ("Levi's" and "levis" are one). */
export const foldBrand = (brand: string): string =>
  brand
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Damerau-Levenshtein distance (optimal string alignment): an insertion, deletion, substitution or swap of neighbours each count one. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

const KNOWN_SPELLINGS = new Map([...COMMON_BRANDS, ...PLAIN_WORD_BRANDS].map((brand) => [foldBrand(brand), brand]));
const KNOWN_BRANDS = new Set(KNOWN_SPELLINGS.keys());

/**
 * A brand typed all in small letters, as a phone's keyboard leaves it, written as the app knows the brand ("uniqlo":
 * Uniqlo; "levis": Levi's); any other as typed (capitals are the seller's choice, an unknown brand theirs to spell).
 */
export function brandAsWritten(typed: string): string {
  if (typed !== typed.toLowerCase()) return typed;
  return KNOWN_SPELLINGS.get(foldBrand(typed)) ?? typed;
}

/**
 * The brand read on the item's labels when what the seller typed looks like a slip of it (decision 183): at most two
 * edits away (one in a name of four letters or fewer, where two would make another word), yet not the same name once
 * case and punctuation are left out, nor another brand the app knows ("Lee" typed where the label says "Levi's" is a
 * choice, not a slip). Null when there is nothing to say.
 */
export function brandTypoOf(typed: string | null | undefined, read: string | null | undefined): string | null {
  const said = foldBrand(typed ?? '');
  const label = foldBrand(read ?? '');
  if (!said || !label || said === label || KNOWN_BRANDS.has(said)) return null;
  const allowed = Math.min(said.length, label.length) <= 4 ? 1 : 2;
  return editDistance(said, label) <= allowed ? read!.trim() : null;
}

/**
 * The brand the item's labels were read as, from its evidence: the label's side of a disagreement with a cloud AI, or
 * the brand filled from a label (its note says so); null when the brand came from elsewhere (the seller, the AI).
 */
export function labelBrandOf(
  evidence: { note?: string; disagreement?: { label: string } } | null | undefined,
  value: string | null | undefined,
): string | null {
  if (evidence?.disagreement) return evidence.disagreement.label;
  return evidence?.note?.startsWith(LABEL_NOTE_PREFIX) && value?.trim() ? value.trim() : null;
}
