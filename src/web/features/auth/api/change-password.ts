import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest('/api/auth/change-password', { method: 'POST', body: { ...input, revokeOtherSessions: true } }),
  });
}
