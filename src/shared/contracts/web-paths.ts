/**
 * Every URL route of the web app, in one place: the app's router reads them, and the server answers 404 for a
 * page outside them (issue 31: an unknown URL is not the dashboard).
 */
export const webPaths = {
  dashboard: '/',
  capture: '/capture',
  listings: '/listings',
  ebay: '/ebay',
  profit: '/profit',
  sellingPlan: '/selling-plan',
  agingStock: '/aging-stock',
  channels: '/channels',
  priceList: '/price-list',
  changePassword: '/change-password',
  resetPassword: '/reset-password',
  ebayCallback: '/ebay-callback',
  testEbayConfig: '/test-ebay-config',
  envCheck: '/env-check',
} as const;

const known = new Set<string>(Object.values(webPaths));

/** Whether a URL path (no query) is one of the app's pages; a trailing slash is the same page, as in the router. */
export function isWebAppPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return known.has(trimmed === '' ? '/' : trimmed);
}
