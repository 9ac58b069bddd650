import { z } from 'zod';
import { text } from './text';
import { PASSWORD_MAX, PASSWORD_MIN, passwordMessages, weakPasswordProblem } from '../domain/password';

export const accountPaths = {
  resetPassword: '/api/account/reset-password',
} as const;

/** A new password as the server takes it (and the password forms check it before sending). */
export const newPassword = text()
  .min(PASSWORD_MIN, passwordMessages.tooShort)
  .max(PASSWORD_MAX, passwordMessages.tooLong)
  .superRefine((password, ctx) => {
    const problem = weakPasswordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const resetPasswordBody = z.object({
  token: text().min(1).max(200),
  newPassword,
});

export const resetPasswordResponse = z.object({ status: z.boolean(), signedIn: z.boolean() });
