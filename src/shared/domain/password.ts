export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const passwordMessages = {
  tooShort: 'Password must be at least 6 characters',
  tooLong: 'Password must be at most 128 characters',
  mismatch: 'Passwords do not match',
} as const;

/** The spec's client-side password rule; answers the message to show, or null when the password is fine. */
export function passwordProblem(password: string, confirmation?: string): string | null {
  if (password.length < PASSWORD_MIN) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX) return passwordMessages.tooLong;
  if (confirmation !== undefined && confirmation !== password) return passwordMessages.mismatch;
  return null;
}
