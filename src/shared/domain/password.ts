import { commonPasswords } from './common-passwords';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const passwordMessages = {
  tooShort: 'Password must be at least 6 characters',
  tooLong: 'Password must be at most 128 characters',
  mismatch: 'Passwords do not match',
  blank: 'Password cannot be only spaces',
  tooCommon: 'This password is too common. Please choose one that is harder to guess',
} as const;

/** The server's extra rule on new passwords: not blank, not among the most common ones. Null when fine. */
export function weakPasswordProblem(password: string): string | null {
  if (password.trim() === '') return passwordMessages.blank;
  if (commonPasswords.has(password.trim().toLowerCase())) return passwordMessages.tooCommon;
  return null;
}

/** The spec's client-side password rule; answers the message to show, or null when the password is fine. */
export function passwordProblem(password: string, confirmation?: string): string | null {
  if (password.length < PASSWORD_MIN) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX) return passwordMessages.tooLong;
  const weak = weakPasswordProblem(password);
  if (weak) return weak;
  if (confirmation !== undefined && confirmation !== password) return passwordMessages.mismatch;
  return null;
}
