import { useMutation } from '@tanstack/react-query';
import { ebayConfigPaths, type EbayConfigCheck } from '@shared/contracts/ebay-config';
import { apiRequest } from '@/lib/api-client';

export function useEbayConfigCheck() {
  return useMutation({ mutationFn: () => apiRequest<EbayConfigCheck>(ebayConfigPaths.configCheck) });
}
