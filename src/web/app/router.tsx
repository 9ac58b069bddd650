import { createBrowserRouter } from 'react-router';
import { ChangePasswordView } from '../features/auth/change-password-view';
import { SetNewPasswordScreen } from '../features/auth/set-new-password-screen';
import { DashboardView } from '../features/dashboard/dashboard-view';
import { EnvCheckPage } from '../features/diagnostics/env-check-page';
import { EbayCallbackPage } from '../features/ebay/ebay-callback-page';
import { EbayPage } from './ebay-page';
import { TestEbayConfigPage } from '../features/ebay/test-config-page';
import { ListingsView } from '../features/listings/listings-view';
import { CapturePage } from './capture-page';
import { paths } from './config/paths';
import { RouteError } from './route-error';
import { SignedInGate } from './signed-in-gate';

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        { path: paths.resetPassword, element: <SetNewPasswordScreen /> },
        { path: paths.ebayCallback, element: <EbayCallbackPage /> },
        { path: paths.testEbayConfig, element: <TestEbayConfigPage /> },
        { path: paths.envCheck, element: <EnvCheckPage /> },
        {
          element: <SignedInGate />,
          children: [
            { path: paths.dashboard, element: <DashboardView /> },
            { path: paths.capture, element: <CapturePage /> },
            { path: paths.listings, element: <ListingsView /> },
            { path: paths.ebay, element: <EbayPage /> },
            { path: paths.changePassword, element: <ChangePasswordView /> },
            { path: '*', element: <DashboardView /> },
          ],
        },
      ],
    },
  ]);
}
