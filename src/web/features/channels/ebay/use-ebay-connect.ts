import { EBAY_AUTH_SUCCESS, ebayMessages } from '@shared/contracts/ebay';
import { useToast } from '@/components/toast';
import { useChannelConnection } from '@/entities/channels/use-channel-connection';
import { ApiError } from '@/lib/api-client';

/** "Failed to connect to eBay: " and the reason (HTTP status with body, or Failed to get authorization URL). */
function connectFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `${ebayMessages.connectPrefix}${error.status} ${error.message}`;
  return `${ebayMessages.connectPrefix}${ebayMessages.noAuthUrl}`;
}

/**
 * eBay's use of the one connection hook (decision 094): its consent page in an 800x600 popup, whose callback page
 * posts EBAY_AUTH_SUCCESS, and the agreed words when it fails.
 */
export function useEbayConnect() {
  const notify = useToast();
  const ebay = useChannelConnection('ebay', { popup: { doneMessage: EBAY_AUTH_SUCCESS } });
  return {
    ...ebay,
    connect: () => ebay.connect(undefined, { onError: (error) => notify('error', connectFailure(error)) }),
  };
}
