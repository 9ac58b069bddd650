/**
 * Better Auth's JSON answers name the session token (sign-in, get-session, list-sessions, change-password). The
 * browser holds its session in the httpOnly cookie only: a token in a body would hand it to any script on the page.
 * Every `token` field is removed; other text passes unchanged.
 */
export function withoutSessionTokens(text: string | null): string | null {
  if (!text) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(stripTokens(parsed));
}

function stripTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, stripTokens(inner)]),
  );
}
