import type { Db } from '../db/client';
import type { Auth } from './auth';
import { createAuthRateLimiter } from './auth-rate-limit';
import { createPasswordReset } from './password-reset';
import { createSessionLookup, type LookUpSession } from './session-lookup';

/** What the auth routes and the signed-in check need beyond Better Auth itself; built once in compose.ts. */
export interface AccountServices {
  auth: Auth;
  lookUpSession: LookUpSession;
  checkAuthAttempt: ReturnType<typeof createAuthRateLimiter>;
  passwordReset: ReturnType<typeof createPasswordReset>;
}

export async function createAccountServices(db: Db, auth: Auth, perIpLimit: number): Promise<AccountServices> {
  return {
    auth,
    lookUpSession: await createSessionLookup(db, auth),
    checkAuthAttempt: createAuthRateLimiter(db, perIpLimit),
    passwordReset: createPasswordReset(db, auth),
  };
}
