import { createBrowserRouter } from 'react-router';
import { paths } from './config/paths';
import { channelScreens, Lazy, screens } from './lazy-screens';
import { RouteError } from './route-error';
import { SignedInGate } from './signed-in-gate';

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        { path: paths.resetPassword, element: <Lazy screen={screens.setNewPassword} /> },
        ...channelRoutes(false),
        { path: paths.envCheck, element: <Lazy screen={screens.envCheck} /> },
        {
          element: <SignedInGate />,
          children: [
            { path: paths.dashboard, element: <Lazy screen={screens.dashboard} /> },
            { path: paths.capture, element: <Lazy screen={screens.capture} /> },
            { path: paths.listings, element: <Lazy screen={screens.listings} /> },
            ...channelRoutes(true),
            { path: paths.profit, element: <Lazy screen={screens.profit} /> },
            { path: paths.sellingPlan, element: <Lazy screen={screens.sellingPlan} /> },
            { path: paths.agingStock, element: <Lazy screen={screens.agingStock} /> },
            { path: paths.whatSells, element: <Lazy screen={screens.whatSells} /> },
            { path: paths.channels, element: <Lazy screen={screens.channels} /> },
            { path: paths.priceList, element: <Lazy screen={screens.priceList} /> },
            { path: paths.changePassword, element: <Lazy screen={screens.changePassword} /> },
          ],
        },
        // Signed in or not: the server answers these with 404 too (static-web.ts).
        { path: '*', element: <Lazy screen={screens.notFound} /> },
      ],
    },
  ]);
}

/** The routes each channel adds through the web registry (decision 094), signed in or pages of their own. */
function channelRoutes(signedIn: boolean) {
  return channelScreens
    .filter((route) => route.signedIn === signedIn)
    .map((route) => ({ path: route.path, element: <Lazy screen={route.screen} /> }));
}
