import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { PageSpinner } from '../components/spinner';
import { channelScreenList } from '../features/channels/screen-registry';
import type { ChannelScreen } from '../features/channels/web-channel';

/** A component whose code loads on first render, or earlier through `prefetch()` (the same request, once). */
export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & { prefetch(): Promise<unknown> };

/** Wraps a dynamic import so the chunk loads at most once, whether rendered or prefetched first; a failed load may retry. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(
    lazy(() => once().then((Component) => ({ default: Component }))),
    { prefetch: once },
  );
}

/**
 * Every screen past sign-in, each in its own chunk: the sign-in page downloads none of them. Names are
 * the screens' own exports.
 */
export const screens = {
  appShell: lazyScreen(() => import('./signed-in-frame').then((m) => m.SignedInFrame)),
  dashboard: lazyScreen(() => import('./dashboard-page').then((m) => m.DashboardPage)),
  capture: lazyScreen(() => import('./capture-page').then((m) => m.CapturePage)),
  listings: lazyScreen(() => import('./listings-page').then((m) => m.ListingsPage)),
  // The chart library comes with this screen only.
  profit: lazyScreen(() => import('./profit-page').then((m) => m.ProfitPage)),
  agingStock: lazyScreen(() => import('../features/aging-stock/aging-stock-view').then((m) => m.AgingStockView)),
  whatSells: lazyScreen(() => import('../features/what-sells/what-sells-view').then((m) => m.WhatSellsView)),
  channels: lazyScreen(() => import('./channels-page').then((m) => m.ChannelsPage)),
  sellingPlan: lazyScreen(() => import('./selling-plan-page').then((m) => m.SellingPlanPage)),
  priceList: lazyScreen(() => import('../features/price-list/price-list-view').then((m) => m.PriceListView)),
  changePassword: lazyScreen(() => import('../features/auth/change-password-view').then((m) => m.ChangePasswordView)),
  setNewPassword: lazyScreen(() => import('../features/auth/set-new-password-screen').then((m) => m.SetNewPasswordScreen)),
  envCheck: lazyScreen(() => import('../features/diagnostics/env-check-page').then((m) => m.EnvCheckPage)),
  notFound: lazyScreen(() => import('./not-found-page').then((m) => m.NotFoundPage)),
};

/** The screens each channel adds (decision 071), through the web registry: each in its own chunk as well. */
export const channelScreens: readonly (Omit<ChannelScreen, 'load'> & { screen: LazyScreen })[] = channelScreenList.map(
  ({ load, ...route }) => ({
    ...route,
    // A signed-in screen gets the app's composition (the listing edit form), loaded with it.
    screen: lazyScreen(() =>
      route.signedIn
        ? Promise.all([load(), import('./channel-screen-props')]).then(([Screen, app]) => app.composedChannelScreen(Screen))
        : load(),
    ),
  }),
);

/** What a seller is likely to open next from where they are: fetched while the browser is idle. */
export const likelyNext = {
  none: [],
  /** Signing in leads to the signed-in frame and the dashboard. */
  signIn: [screens.appShell, screens.dashboard],
  /** From the dashboard: Capture (with its camera and upload dialog) and Generate Listings. */
  signedIn: [
    screens.dashboard,
    screens.capture,
    { prefetch: () => import('../features/capture/camera/camera-overlay') },
    { prefetch: () => import('../features/upload/upload-dialog') },
    screens.listings,
    ...channelScreens.filter((route) => route.likelyNext).map((route) => route.screen),
  ],
};

/** Prefetches the chunks one after another once the page is idle (after its first paint and data), never at once. */
export function usePrefetchOnIdle(targets: readonly { prefetch(): Promise<unknown> }[]) {
  useEffect(() => {
    let cancelled = false;
    const idle = (run: () => void) =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 1500);
    const next = (index: number) => {
      const target = targets[index];
      if (cancelled || !target) return;
      // A failed prefetch is no error: the screen loads (and reports) on first use.
      idle(
        () =>
          void target.prefetch().then(
            () => next(index + 1),
            () => next(index + 1),
          ),
      );
    };
    next(0);
    return () => {
      cancelled = true;
    };
  }, [targets]);
}

/** Renders a lazy screen with the page spinner while its code loads. */
export function Lazy<P extends object>({ screen, ...props }: { screen: LazyScreen<P> } & P) {
  const Screen = screen as ComponentType<P>;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen {...(props as unknown as P)} />
    </Suspense>
  );
}
