import type { Money } from '@shared/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autopilotPaths, type AutopilotContinueBody } from '@shared/contracts/autopilot';
import { publishPaths, quickFixResponse, type QuickFixBody } from '@shared/contracts/publish';
import { etsyAnswersResponse, etsyPaths, etsyWhenMadeQuestion } from '@shared/contracts/etsy';
import { depopSizeQuestion } from '@shared/contracts/depop-sizes';
import { apiRequest, parsedRequest } from '@/lib/api-client';
import { saveDepopSize } from './save-depop-size';
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
}

/**
 * The review queue's Quick Fix: the aspects saved first (as the eBay screen's Quick Fix saves them), then
 * POST /api/autopilot/items/:id/continue checks the product again and sends it on.
 */
export function useContinueAutopilotItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, category, department, condition, aspects, price, confirmUnderFloor }: ReviewFix) => {
      // Etsy's "When was it made?" is the item's Etsy answer, not an item specific.
      // Depop's size (where its chart cannot place the item's own) is the item's Depop answer, not its size.
      const { [etsyWhenMadeQuestion.name]: whenMadeLabel, [depopSizeQuestion.name]: depopSize, ...specifics } = aspects ?? {};
      if (depopSize) await saveDepopSize(itemId, depopSize);
      const whenMade = whenMadeLabel ? etsyWhenMadeQuestion.valueOf(whenMadeLabel) : null;
      if (whenMade)
        await parsedRequest(etsyAnswersResponse, etsyPaths.itemAnswers.replace(':id', encodeURIComponent(itemId)), {
          method: 'PUT',
          body: { whenMade },
        });
      const fix: QuickFixBody = {
        ...(category ? { category } : {}),
        ...(category && department ? { department } : {}),
        ...(condition ? { condition } : {}),
        ...(Object.keys(specifics).length ? { aspects: specifics } : {}),
      };
      if (Object.keys(fix).length) await parsedRequest(quickFixResponse, publishPaths.quickFix(itemId), { method: 'PATCH', body: fix });
      const body: AutopilotContinueBody = {
        ...(price === undefined ? {} : { price }),
        ...(confirmUnderFloor ? { confirmUnderFloor } : {}),
      };
      await apiRequest<unknown>(autopilotPaths.continue(itemId), { method: 'POST', body });
    },
    onSettled: () => invalidateAutopilot(queryClient),
  });
}
