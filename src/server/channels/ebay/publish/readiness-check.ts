import { checkPublishReadiness, publishReadyScore, type ReadinessAccount, type ReadinessResult } from '@shared/domain/readiness';
import type { EbayConnection } from '@shared/contracts/ebay';
import { isListingOutOfDate } from '@shared/domain/listing-inputs';
import type { PublishableItem } from './repo';

/**
 * The one place the publish side calls the shared readiness check of spec §5 (src/shared/domain/readiness.ts), so a
 * change of its exported functions touches only this file.
 */
export function readinessAccountOf(connection: EbayConnection | null): ReadinessAccount {
  return {
    connected: connection !== null,
    tokenExpired: connection?.status === 'expired',
    policies: {
      payment: connection?.policies.paymentPolicyId ?? null,
      fulfillment: connection?.policies.fulfillmentPolicyId ?? null,
      return: connection?.policies.returnPolicyId ?? null,
    },
    hasLocation: Boolean(connection?.defaultLocation),
  };
}

export function publishReadinessOf(subject: PublishableItem, account: ReadinessAccount): { result: ReadinessResult; score: number } {
  const { item, images, listing } = subject;
  const result = checkPublishReadiness(
    {
      title: item.aiTitle,
      description: item.aiDescription,
      imageCount: images.length,
      ebayCategoryId: item.ebayCategoryId,
      category: item.category,
      ebayCategoryName: item.ebayCategoryName,
      ebayConditionGrade: item.ebayConditionGrade,
      condition: item.condition,
      brand: item.extractedBrand ?? item.brand,
      outOfDate: isListingOutOfDate(item),
      price: listing?.price ?? item.aiSuggestedPrice,
    },
    account,
  );
  return { result, score: publishReadyScore(result) };
}
