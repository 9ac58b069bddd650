import type { WebChannel } from '../web-channel';
import { ShopifyChannelSection } from './shopify-channel-section';
import { SimulatedShopifyNote } from './simulated-shopify-note';

/** Shopify on the web (decision 072): the seller's store on the Marketplaces screen. */
export const shopifyWebChannel: WebChannel = {
  name: 'shopify',
  label: 'Shopify',
  MarketplacesSection: ShopifyChannelSection,
  SimulatedPickerNote: SimulatedShopifyNote,
};
