import { createBrowserRouter } from 'react-router';
import { ChangePasswordView } from '../features/auth/change-password-view';
import { SetNewPasswordScreen } from '../features/auth/set-new-password-screen';
import { DashboardView } from '../features/dashboard/dashboard-view';
import { EnvCheckPage } from '../features/diagnostics/env-check-page';
import { EbayCallbackPage } from '../features/ebay/ebay-callback-page';
import { EbayView } from '../features/ebay/ebay-view';
import { TestEbayConfigPage } from '../features/ebay/test-config-page';
import { ListingsView } from '../features/listings/listings-view';
import { ManagePhotosDialog, type ManagePhotosDialogProps } from '../features/photos/manage-photos-dialog';
import { AddPhotosButton } from '../features/photos/add-photos-button';
import { CapturePage } from './capture-page';
import { paths } from './config/paths';
import { RouteError } from './route-error';
import { SignedInGate } from './signed-in-gate';

// Other features' parts in the dashboard's product cards and the Generate Listings cards (features never import each other).
const photoManager = (props: ManagePhotosDialogProps) => <ManagePhotosDialog {...props} />;
const photoAdder = (props: { itemId: string; sku: string }) => <AddPhotosButton {...props} />;
const dashboard = <DashboardView photoManager={photoManager} photoAdder={photoAdder} />;

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
            { path: paths.dashboard, element: dashboard },
            { path: paths.capture, element: <CapturePage /> },
            { path: paths.listings, element: <ListingsView photoManager={photoManager} /> },
            { path: paths.ebay, element: <EbayView /> },
            { path: paths.changePassword, element: <ChangePasswordView /> },
            { path: '*', element: dashboard },
          ],
        },
      ],
    },
  ]);
}
