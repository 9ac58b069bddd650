import { TITLE_MAX, TITLE_MIN } from '@shared/domain/listing';
import type { SellerFacts } from './listing-generator';
import { listingWordsOf, type ListingWords } from './listing-words';

/** How the seller's condition reads in a listing: only what it makes true ("Pre-Owned" on a new-with-tags item). */
export interface ConditionWords {
  /** Said in the title: buyers search "NWT". Null for a used or unknown condition (eBay shows the condition itself). */
  title: string | null;
  /** Opens the description ("New with tags: ..."), or null when nothing is known. */
  description: string | null;
}

export function conditionWordsOf(condition: string | null | undefined): ConditionWords {
  switch (
    (condition ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
  ) {
    case 'new_with_tags':
      return { title: 'New with Tags', description: 'New with tags' };
    case 'new_without_tags':
      return { title: 'New without Tags', description: 'New without tags' };
    case 'new':
      return { title: 'New', description: 'New' };
    case 'excellent':
    case 'good':
    case 'fair':
    case 'poor':
      return { title: null, description: 'Pre-owned' };
    default:
      // "like new" is eBay's New without tags for clothing but may be worn: say neither new nor pre-owned.
      return { title: null, description: null };
  }
}

/** One line of a seller's text: whitespace folded, so a typed newline cannot break the title. */
export const oneLine = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || null;

interface TitlePart {
  text: string;
  /** Dropped first when the title is too long: higher drops sooner; 0 is never dropped. */
  dropRank: number;
}

/** A size type a title leaves unsaid: the usual one, in any of the listing languages ("Regular", "Normal"). */
const REGULAR_SIZE_TYPES = new Set(['regular', 'normal', 'standard', 'regolare']);

/**
 * The offline title from the seller's facts, in the order buyers search: brand, department, type, key attributes
 * (style, fit, material), size, colour, then the condition words only where true. Over 80 characters, the least
 * searched words go first (material, fit, style, colour, size, condition); brand, department and type stay.
 */
export function basicTitle(input: {
  brand: string | null;
  departmentWord: string | null;
  itemType: string;
  facts: SellerFacts;
  condition: string | null;
  /** The listing's language (listing-words.ts); English when not given. */
  words?: ListingWords;
}): string {
  const { facts } = input;
  const words = input.words ?? listingWordsOf('en');
  const said = (text: string | null | undefined) => (text ? words.word(text) : null);
  const sizeType = oneLine(facts.sizeType);
  const size = oneLine(facts.size);
  const candidates: Array<TitlePart | null> = [
    part(input.brand, 0),
    part(said(input.departmentWord), 0),
    part(said(input.itemType), 0),
    part(facts.style, 4),
    part(facts.fit, 5),
    part(facts.material ? words.composition(facts.material) : null, 6),
    part(sizeType && !REGULAR_SIZE_TYPES.has(sizeType.toLowerCase()) ? said(sizeType) : null, 2),
    part(size ? words.size(size) : null, 2),
    part(said(facts.color), 3),
    part(said(conditionWordsOf(input.condition).title), 1),
  ];
  const parts = withoutRepeats(candidates.filter((p): p is TitlePart => p !== null));
  while (joined(parts).length > TITLE_MAX) {
    const drop = parts.reduce((worst, p, i) => (p.dropRank > (parts[worst]?.dropRank ?? 0) ? i : worst), -1);
    if (drop < 0) break;
    parts.splice(drop, 1);
  }
  let title = joined(parts);
  // Still too long: only brand, department and type are left; cut at a word, the brand first kept.
  if (title.length > TITLE_MAX) title = cutAtWord(title, TITLE_MAX);
  return title.length < TITLE_MIN ? `${title} ${words.seePhotos}` : title;
}

function part(text: string | null | undefined, dropRank: number): TitlePart | null {
  const line = oneLine(text);
  return line ? { text: line, dropRank } : null;
}

/** A word the title already says (a style "Slim" and a fit "Slim") is said once. */
function withoutRepeats(parts: TitlePart[]): TitlePart[] {
  const seen = new Set<string>();
  return parts.filter((p) => {
    const key = p.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const joined = (parts: TitlePart[]) => parts.map((p) => p.text).join(' ');

function cutAtWord(text: string, max: number): string {
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).trim();
}
