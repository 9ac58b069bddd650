import { APIError } from 'better-auth/api';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import type { Auth } from './auth';
import { resetTokenOwnerEmail } from './reset-token-repo';

/** Set New Password: reset with the e-mailed token through Better Auth, then sign the account in. */
export function createPasswordReset(db: Db, auth: Auth) {
  async function resetAndSignIn(token: string, newPassword: string): Promise<{ signedIn: boolean; cookies: string[] }> {
    const email = await resetTokenOwnerEmail(db, token);
    if (!email) throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired. Please request a new one.');
    try {
      await auth.api.resetPassword({ body: { token, newPassword } });
    } catch (err) {
      if (err instanceof APIError) throw new AppError('BAD_REQUEST', err.message || 'Could not reset the password');
      throw err;
    }
    const signIn = await auth.api.signInEmail({ body: { email, password: newPassword }, asResponse: true });
    return { signedIn: signIn.ok, cookies: signIn.headers.getSetCookie() };
  }

  return { resetAndSignIn };
}
