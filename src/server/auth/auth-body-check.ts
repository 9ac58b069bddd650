import { weakPasswordProblem } from '@shared/domain/password';

/** Deeper than any auth body needs; also far below what would overflow a recursive serialiser. */
export const MAX_AUTH_BODY_DEPTH = 8;

/** New-password fields of the Better Auth routes that set one. */
const newPasswordField: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

/**
 * What is wrong with a JSON body before it goes to Better Auth, or null: too deep, a NUL byte in any text (the
 * database refuses it), or a new password that is blank or among the most common ones. Walks without recursion.
 */
export function authBodyProblem(path: string, body: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return 'Text must not contain NUL characters';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_AUTH_BODY_DEPTH) return 'The request body is nested too deeply';
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0')) return 'Text must not contain NUL characters';
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  const field = newPasswordField[path.toLowerCase()];
  const password = field ? (body as Record<string, unknown> | undefined)?.[field] : undefined;
  if (typeof password === 'string' && password.length > 0) return weakPasswordProblem(password);
  return null;
}
