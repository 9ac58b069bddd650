import { createContext, useContext } from 'react';

/**
 * A question of a marketplace's own in the review form (Etsy's "When was it made?", Depop's size where its chart
 * cannot place the item's), answered to that marketplace rather than as an item specific. The app hands them in from
 * the channels' registry (`AutopilotPanel`'s `answers`): the autopilot names no marketplace.
 */
export interface ReviewAnswer {
  /** The question's name, as the review form's field is named. */
  question: string;
  save(itemId: string, answer: string): Promise<void>;
}

export const ReviewAnswersContext = createContext<readonly ReviewAnswer[]>([]);

export const useReviewAnswers = (): readonly ReviewAnswer[] => useContext(ReviewAnswersContext);
