import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useExchangeEbayCode() {
  return useMutation({
    mutationFn: (input: { code: string; state: string | null }) => apiRequest('/api/ebay/oauth/exchange', { method: 'POST', body: input }),
  });
}
