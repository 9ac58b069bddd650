import { etsyAnswersResponse, etsyPaths, etsyWhenMadeQuestion } from '@shared/contracts/etsy';
import { parsedRequest } from '@/lib/api-client';

/** The review form's answer to Etsy's "When was it made?" (one of its labels) saved as the item's Etsy answer. */
export async function saveWhenMade(itemId: string, label: string): Promise<void> {
  const whenMade = etsyWhenMadeQuestion.valueOf(label);
  if (!whenMade) return;
  await parsedRequest(etsyAnswersResponse, etsyPaths.itemAnswers.replace(':id', encodeURIComponent(itemId)), {
    method: 'PUT',
    body: { whenMade },
  });
}
