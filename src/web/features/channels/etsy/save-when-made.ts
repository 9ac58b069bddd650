import { etsyApi, etsyWhenMadeQuestion } from '@shared/contracts/etsy';
import { callRoute } from '@/lib/route-client';

/** The review form's answer to Etsy's "When was it made?" (one of its labels) saved as the item's Etsy answer. */
export async function saveWhenMade(itemId: string, label: string): Promise<void> {
  const whenMade = etsyWhenMadeQuestion.valueOf(label);
  if (!whenMade) return;
  await callRoute(etsyApi.saveAnswers, { params: { id: itemId }, body: { whenMade } });
}
