import { webPaths } from '@shared/contracts/web-paths';

/** Every URL route of the web app, in one place (shared with the server, which answers 404 outside them). */
export const paths = webPaths;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Navigation state the dashboard reads: set by the capture screen after a product batch was created. */
export interface DashboardLocationState {
  batchCreated?: boolean;
}
