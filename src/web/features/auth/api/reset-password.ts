import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountPaths } from '@shared/contracts/account';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from './session';

/** Sets the new password with the e-mailed token; the server signs the user in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiRequest<{ status: boolean; signedIn: boolean }>(accountPaths.resetPassword, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
