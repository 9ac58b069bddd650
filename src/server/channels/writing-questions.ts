import type { WritingQuestion } from '@shared/contracts/listings';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Marketplaces } from './marketplace';

/** What the channels must hear from the seller before an item's listing is written, and what could not be checked. */
export interface WritingQuestions {
  questions: WritingQuestion[];
  /** "eBay: Could not read eBay's sizes just now", one per channel that could not be asked. */
  unavailable: string[];
}

/**
 * Decisions 105 and 113: each channel's `questionsBeforeWriting` for one item, in the review's words: a size
 * the channel takes none of (its values to pick from), or what the item is first. The autopilot's step and the
 * Generate button both ask here, so no AI call is spent on a listing the marketplace would block.
 */
export async function writingQuestionsOf(
  marketplaces: Marketplaces,
  userId: string,
  itemId: string,
  channels: readonly ApiChannel[],
): Promise<WritingQuestions> {
  const answer: WritingQuestions = { questions: [], unavailable: [] };
  for (const channel of channels) {
    const market = marketplaces[channel];
    if (!market.questionsBeforeWriting) continue;
    const asked = await market.questionsBeforeWriting(userId, itemId);
    if (asked.unavailable) answer.unavailable.push(`${market.name}: ${asked.unavailable}`);
    answer.questions.push(
      ...asked.problems.map((problem): WritingQuestion => ({
        // "What it is" first (the form then asks the kind's sizes), else a value of the channel's.
        code: problem.field === 'category' ? 'category' : 'value',
        channel,
        message: problem.message,
        ...(problem.aspect ? { aspect: problem.aspect } : {}),
      })),
    );
  }
  return answer;
}
