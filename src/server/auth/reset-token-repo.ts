import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user, verification } from '../db/schema';

/** The e-mail of the account a live password-reset token belongs to, or null. */
export async function resetTokenOwnerEmail(db: Db, token: string): Promise<string | null> {
  const [owner] = await db
    .select({ email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())))
    .limit(1);
  return owner?.email ?? null;
}
