/** A marketplace's pages, as web-paths.ts gathers them from marketplace-pages.ts (decision 178). */
export interface MarketplacePages {
  /** Its own pages of the app (its screen, its OAuth landing page): the router's, answered with the app. */
  appPaths?: readonly string[];
  /** Of those, the ones that open without a session (its OAuth landing page, its configuration test). */
  signedOut?: readonly string[];
  /** Of those, the ones the server answers itself even when the service worker could (a consent popup's landing). */
  serverAnswered?: readonly string[];
  /** Where its simulation's pages are (consent, listings, orders), answered by the server while it runs. */
  simulatedPrefix?: string;
}
