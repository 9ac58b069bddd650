import { ebayScreens } from './ebay/screens';
import type { ChannelScreen } from './web-channel';

/**
 * Every channel's own screens for the app's routes (decision 094), each channel's `screens.ts`: the same entries as
 * its `WebChannel.screens` (a test holds them equal). Kept apart from `registry.ts`, whose sections would bring the
 * channels' code and zod's schemas into the sign-in page's first load (the budget e2e/sign-in-delivery.spec.ts checks).
 */
export const channelScreenList: readonly ChannelScreen[] = [...ebayScreens];
