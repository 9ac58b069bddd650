import type { ApiChannel } from '@shared/domain/channel-listing';
import { useEbayConnection } from './use-ebay-connection';
import { useEtsyConnection } from './use-etsy-connection';
import { useShopifyConnection } from './use-shopify-connection'; // shopify-wiring

/** An API channel's connection as the channel picker shows it; unknown while it loads. */
export type ChannelConnection = 'connected' | 'not-connected' | 'unknown';

/**
 * Each API channel's connection (the compiler asks for one when a channel joins `apiChannels`): whether "List on"
 * can publish there now, or the seller connects it on the Marketplaces screen first.
 */
export function useChannelConnections(): Record<ApiChannel, ChannelConnection> {
  const ebay = useEbayConnection();
  const etsy = useEtsyConnection();
  const shopify = useShopifyConnection(); // shopify-wiring
  return {
    ebay: ebay.isPending ? 'unknown' : ebay.data?.connection?.status === 'connected' ? 'connected' : 'not-connected',
    etsy: etsy.isPending ? 'unknown' : etsy.data?.connection?.status === 'connected' ? 'connected' : 'not-connected',
    shopify: shopify.isPending ? 'unknown' : shopify.data?.connection ? 'connected' : 'not-connected', // shopify-wiring
  };
}

/** API channels the server has no keys for (Etsy without ETSY_KEYSTRING): "List on..." leaves them out. */
export function useUnconfiguredChannels(): ApiChannel[] {
  const ebay = useEbayConnection();
  const etsy = useEtsyConnection();
  const shopify = useShopifyConnection(); // shopify-wiring
  return [
    ...(ebay.data?.configured === false ? (['ebay'] as const) : []),
    ...(etsy.data?.configured === false ? (['etsy'] as const) : []),
    ...(shopify.data?.configured === false ? (['shopify'] as const) : []), // shopify-wiring
  ];
}
