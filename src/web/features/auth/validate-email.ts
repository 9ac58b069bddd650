import { z } from 'zod';

const emailSchema = z.email();

/** The message for a bad e-mail field, or null when it is fine. */
export function emailProblem(email: string): string | null {
  if (!email.trim()) return 'Enter your email address';
  if (email.length > 254 || !emailSchema.safeParse(email.trim()).success) return 'Enter a valid email address';
  return null;
}
