import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paths } from '@/app/config/paths';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      apiRequest('/api/auth/request-password-reset', { method: 'POST', body: { ...input, redirectTo: paths.resetPassword } }),
  });
}
