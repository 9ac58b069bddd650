import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Creates the account (the form then signs the seller in: decision 065). */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiRequest('/api/auth/sign-up/email', {
        method: 'POST',
        body: { ...input, name: input.email.split('@')[0] },
      }),
  });
}
