import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordMessages } from '../domain/password';

export const accountPaths = {
  resetPassword: '/api/account/reset-password',
} as const;

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  newPassword: z.string().min(PASSWORD_MIN, passwordMessages.tooShort).max(PASSWORD_MAX, passwordMessages.tooLong),
});

export const resetPasswordResponse = z.object({ status: z.boolean(), signedIn: z.boolean() });
