/**
 * Better Auth routes on the URL parser's normalised path (`./`, `../`, `%2e` removed), while our limiter and the
 * sign-up wrapper see the raw path: only plain spellings may reach it, so both always agree on the route.
 */
const plainAuthPath = /^\/api\/auth(?:\/[A-Za-z0-9_-]+)+$/;

/** The path of an `/api/auth/*` URL when it is spelled plainly (no dot segments, escapes, empty or odd segments), else null. */
export function canonicalAuthPath(url: string): string | null {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return plainAuthPath.test(path) ? path : null;
}
