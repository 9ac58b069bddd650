import { TITLE_MAX, type ListingDraft } from '@shared/domain/listing';
import type { SellerFacts } from '../adapters/ai/listing-generator';

/** `text` as a whole token: not inside a longer size ("32" is not the 32 of "W32" or "32x30"). */
const tokenPattern = (text: string) => new RegExp(`(?<![\\w/.])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/.])`, 'gi');

/** A title cut back to eBay's length at a word's end. */
function withinTitleLength(title: string): string {
  if (title.length <= TITLE_MAX) return title;
  const cut = title.slice(0, TITLE_MAX + 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd();
}

/**
 * A listing written for a size the seller set (eBay's standard one, picked in the review) never carries in
 * its title the size the AI read on the label instead ("W32 L30" where the seller chose eBay's 32x30). Every writer's
 * draft passes here; the offline writer writes the seller's size itself, so nothing changes for it.
 */
export function draftWithSellerSize(draft: ListingDraft, facts: SellerFacts | undefined): ListingDraft {
  const chosen = facts?.size?.trim();
  const label = draft.extracted.size?.trim();
  if (!chosen || !label || label.toLowerCase() === chosen.toLowerCase()) return draft;
  const title = withinTitleLength(draft.title.replace(tokenPattern(label), chosen));
  return { ...draft, title };
}
