/** Every URL route of the web app, in one place. */
export const paths = {
  dashboard: '/',
  capture: '/capture',
  listings: '/listings',
  ebay: '/ebay',
  changePassword: '/change-password',
  resetPassword: '/reset-password',
  ebayCallback: '/ebay-callback',
  testEbayConfig: '/test-ebay-config',
  envCheck: '/env-check',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Navigation state the dashboard reads: set by the capture screen after a product batch was created. */
export interface DashboardLocationState {
  batchCreated?: boolean;
}
