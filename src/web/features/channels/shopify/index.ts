import { simulatedSalePath } from '@shared/contracts/sales';
import { shopifyPaths } from '@shared/contracts/shopify';
import { isSimulatedShopifyListingUrl, simulatedShopifySaleWords } from '@shared/domain/simulated-shopify';
import type { WebChannel } from '../web-channel';
import { ShopifyChannelSection } from './shopify-channel-section';
import { SimulatedShopifyNote } from './simulated-shopify-note';

/** Shopify on the web (decision 072): the seller's store on the Marketplaces screen. */
export const shopifyWebChannel: WebChannel = {
  name: 'shopify',
  label: 'Shopify',
  MarketplacesSection: ShopifyChannelSection,
  SimulatedPickerNote: SimulatedShopifyNote,
  simulatedSale: {
    words: simulatedShopifySaleWords,
    isSimulatedListing: isSimulatedShopifyListingUrl,
    path: (itemId) => simulatedSalePath(shopifyPaths.simulatedSale, itemId),
  },
};
