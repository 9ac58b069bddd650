/**
 * A route's pattern (the server's, `/api/items/:id/listing`) and its concrete URL (the browser's) from one place: the
 * browser's paths are the patterns with each `:param` filled in order, encoded. A contract writes its patterns once and
 * takes its paths from them, naming only the paths that add a query.
 */

/** A value for each parameter of a route pattern, in order: '/api/items/:id/channels/:channel' → [id: string, channel: string]. */
type ValuesOf<Pattern extends string> = Pattern extends `${string}:${string}/${infer Rest}`
  ? [string, ...ValuesOf<Rest>]
  : Pattern extends `${string}:${string}`
    ? [string]
    : [];

/** A pattern with no parameter is its own URL; one with parameters, a function of their values in order. */
type PathOf<Pattern extends string> = ValuesOf<Pattern> extends [] ? Pattern : (...values: ValuesOf<Pattern>) => string;

export type PathsOf<Routes extends Record<string, string>> = { readonly [Name in keyof Routes]: PathOf<Routes[Name]> };

/** The pattern with each `:param` replaced, in order, by its value (encoded as one path segment). */
export function fillPattern(pattern: string, values: readonly string[]): string {
  let next = 0;
  return pattern.replace(/:[A-Za-z_]\w*/g, () => encodeURIComponent(values[next++] ?? ''));
}

/** The browser's paths of a contract's route patterns. */
export function pathsOf<const Routes extends Record<string, string>>(routes: Routes): PathsOf<Routes> {
  return Object.fromEntries(
    Object.entries(routes).map(([name, pattern]) => [
      name,
      pattern.includes(':') ? (...values: string[]) => fillPattern(pattern, values) : pattern,
    ]),
  ) as PathsOf<Routes>;
}

/** The URL of a call: the route's pattern with its params filled in the order the pattern names them, then the query. */
export function routeUrl(route: { path: string }, params?: object, query?: object): string {
  const values = params as Record<string, unknown> | undefined;
  const names = route.path.match(/:[A-Za-z_]\w*/g) ?? [];
  const path = fillPattern(
    route.path,
    names.map((name) => String(values?.[name.slice(1)] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
  return search.size ? `${path}?${search}` : path;
}
