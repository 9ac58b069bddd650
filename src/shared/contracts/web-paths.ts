// With their extensions: vite.config.ts loads this file as it is.
import { marketplacePages } from './marketplace-pages.ts';

const everyMarketplace = Object.values(marketplacePages);

/**
 * The app's own URL routes, in one place: the app's router reads them. The marketplaces' own pages (eBay's screen,
 * its OAuth landing page) are theirs, gathered from marketplace-pages.ts into `webAppPaths`.
 */
export const webPaths = {
  dashboard: '/',
  capture: '/capture',
  listings: '/listings',
  profit: '/profit',
  sellingPlan: '/selling-plan',
  agingStock: '/aging-stock',
  whatSells: '/what-sells',
  channels: '/channels',
  priceList: '/price-list',
  changePassword: '/change-password',
  resetPassword: '/reset-password',
  envCheck: '/env-check',
} as const;

/** Every page of the app, the marketplaces' too: the server answers 404 for a page outside them (an unknown URL is not the dashboard). */
export const webAppPaths: readonly string[] = [...Object.values(webPaths), ...everyMarketplace.flatMap((pages) => pages.appPaths ?? [])];

const known = new Set<string>(webAppPaths);

/** Whether a URL path (no query) is one of the app's pages; a trailing slash is the same page, as in the router. */
export function isWebAppPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return known.has(trimmed === '' ? '/' : trimmed);
}

/** The marketplaces' pages that open without a session: the app checks none when they open. */
export const signedOutMarketplacePaths: readonly string[] = everyMarketplace.flatMap((pages) => pages.signedOut ?? []);

/**
 * The app's pages the server answers itself even when the service worker could: a marketplace's OAuth landing page,
 * where the server's answer lets its consent popup talk to its opener (COOP unsafe-none, http/app.ts); the precached
 * app shell would carry the app's stricter header and cut the popup off.
 */
export const serverAnsweredWebPaths: readonly string[] = everyMarketplace.flatMap((pages) => pages.serverAnswered ?? []);

/**
 * The navigations the service worker answers with its precached app shell (scripts/service-worker-options.ts, Workbox's
 * navigateFallbackAllowlist, matched against the path and query): the app's own pages, a trailing slash and a query
 * allowed, as isWebAppPath, but for those above. Everything else the browser opens (the simulated marketplaces'
 * pages, the API and its OpenAPI page, any page the server adds later) goes to the server: an allow-list, so a new
 * page of the server's is never swallowed by the shell.
 */
export const appShellNavigations: readonly RegExp[] = webAppPaths
  .filter((path) => !serverAnsweredWebPaths.includes(path))
  .map((path) => new RegExp(`^${path === '/' ? '' : escapeRegExp(path)}/?(?:\\?.*)?$`));

/**
 * Where the simulated marketplaces' pages are (consent, listings, orders): under the app's own address, answered by
 * the server while it runs a simulation (no keys for that marketplace).
 */
export const simulatedPagePrefixes: readonly string[] = everyMarketplace.flatMap((pages) =>
  pages.simulatedPrefix ? [pages.simulatedPrefix] : [],
);

/**
 * Where the server answers pages outside the app (each a prefix of path segments): the API (with its OpenAPI page at
 * /api/docs and Shopify's OAuth callback) and the simulated marketplaces' pages. The development server forwards these
 * to the API (vite.config.ts); a test holds every page route the server registers outside the app to one of them
 * (http/server-pages.test.ts).
 */
export const serverPagePrefixes: readonly string[] = ['/api', ...simulatedPagePrefixes];

/** Whether a URL path is under one of these prefixes (the prefix itself, or a path below it). */
export const isUnderPrefix = (pathname: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
