import { regexes } from 'zod/v4/core';

/** The pattern the server's `z.email()` checks, without zod's schema machinery on the sign-in page. */
const emailPattern = regexes.email;

/** The message for a bad e-mail field, or null when it is fine. */
export function emailProblem(email: string): string | null {
  if (!email.trim()) return 'Enter your email address';
  if (email.length > 254 || !emailPattern.test(email.trim())) return 'Enter a valid email address';
  return null;
}
