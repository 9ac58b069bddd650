import { depopWebChannel } from './depop';
import { ebayWebChannel } from './ebay';
import { etsyWebChannel } from './etsy';
import { shopifyWebChannel } from './shopify';
import type { SimulatedSaleOffer } from '@shared/contracts/sales';
import type { WebChannel } from './web-channel';

/**
 * Every API channel on the web (decision 071), in the order of `apiChannels`: the Marketplaces screen, the item's
 * channel panel and the channel picker read it. Outside a channel's own folder, only this file imports it (lint).
 */
export const webChannels: readonly WebChannel[] = [ebayWebChannel, etsyWebChannel, shopifyWebChannel, depopWebChannel];

/** Every channel's large button on the dashboard, in the registry's order. */
export const channelDashboardActions = webChannels.flatMap((channel) => (channel.dashboardAction ? [channel.dashboardAction] : []));

/** Every channel's "Simulate a sale" (the dashboard card's actions), in the registry's order. */
export const simulatedSaleOffers: readonly SimulatedSaleOffer[] = webChannels.flatMap((channel) =>
  channel.simulatedSale ? [{ channel: channel.name, ...channel.simulatedSale }] : [],
);

/** Every channel's own questions in the autopilot's review form, each saved to it. */
export const channelReviewAnswers = webChannels.flatMap((channel) => channel.reviewAnswers ?? []);

/** Every channel's selling rules (the Profit screen shows them under the profit floor), in the registry's order. */
export const sellingRulesSections = webChannels.flatMap((channel) =>
  channel.SellingRulesSection ? [{ channel: channel.name, Section: channel.SellingRulesSection }] : [],
);
