import type { Money } from '@shared/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autopilotApi, type AutopilotContinueBody } from '@shared/contracts/autopilot';
import { itemReadinessApi, type QuickFixBody } from '@shared/contracts/publish';
import { callRoute } from '@/lib/route-client';
import { useReviewAnswers } from '../review-answers';
import { invalidateAutopilot } from './autopilot-keys';

export interface ReviewFix {
  itemId: string;
  /** What the product is and its condition, where the seller never said (the Quick Fix's category and condition). */
  category?: QuickFixBody['category'];
  /** Whose it is: the row of the category table "What it is" picked (decision 132). */
  department?: QuickFixBody['department'];
  condition?: QuickFixBody['condition'];
  /** Values for the aspects a channel refused or missed (the Quick Fix, PATCH /api/items/:id/quick-fix). */
  aspects?: Record<string, string>;
  /** The seller's own price for the item, taken over the rule (under the floor only once confirmed). */
  price?: Money;
  /** The seller keeps their own price although it is under their profit floor. */
  confirmUnderFloor?: boolean;
  /** Marketplaces the seller leaves the product off (one that will not take it): it goes on to the others. */
  withoutChannels?: AutopilotContinueBody['withoutChannels'];
}

/**
 * The review queue's Quick Fix: the aspects saved first (as the eBay screen's Quick Fix saves them), then
 * POST /api/autopilot/items/:id/continue checks the product again and sends it on.
 */
export function useContinueAutopilotItem() {
  const queryClient = useQueryClient();
  const answers = useReviewAnswers();
  return useMutation({
    mutationFn: async ({ itemId, category, department, condition, aspects, price, confirmUnderFloor, withoutChannels }: ReviewFix) => {
      // A marketplace's own question (Etsy's "When was it made?", Depop's size) is its answer, not an item specific.
      const specifics = { ...aspects };
      for (const answer of answers) {
        const value = specifics[answer.question];
        delete specifics[answer.question];
        if (value) await answer.save(itemId, value);
      }
      const fix: QuickFixBody = {
        ...(category ? { category } : {}),
        ...(category && department ? { department } : {}),
        ...(condition ? { condition } : {}),
        ...(Object.keys(specifics).length ? { aspects: specifics } : {}),
      };
      if (Object.keys(fix).length) await callRoute(itemReadinessApi.quickFix, { params: { id: itemId }, body: fix });
      const body: AutopilotContinueBody = {
        ...(price === undefined ? {} : { price }),
        ...(confirmUnderFloor ? { confirmUnderFloor } : {}),
        ...(withoutChannels?.length ? { withoutChannels } : {}),
      };
      await callRoute(autopilotApi.continueItem, { params: { id: itemId }, body });
    },
    onSettled: () => invalidateAutopilot(queryClient),
  });
}
