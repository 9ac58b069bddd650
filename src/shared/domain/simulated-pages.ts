/**
 * Whether a link leads to a simulated marketplace's own pages under the app's address (`/simulated-etsy/…`), not to
 * the marketplace: one test for every simulation, given the path its pages are served under.
 */
export const linksUnder =
  (path: string) =>
  (url: string | null | undefined): boolean =>
    Boolean(url && URL.canParse(url) && new URL(url).pathname.startsWith(`${path}/`));
