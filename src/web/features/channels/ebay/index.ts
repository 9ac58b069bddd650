import { salesPaths, simulatedSalePath } from '@shared/contracts/sales';
import { isSimulatedListingUrl, simulatedSaleWords } from '@shared/domain/simulated-ebay';
import { ebayWebPaths } from '@shared/contracts/ebay-web-paths';
import type { WebChannel } from '../web-channel';
import { EbayChannelCard } from './ebay-channel-card';
import { OfferRuleSettings } from './offers/offer-rule-settings';
import { ebayScreens } from './screens';

/** eBay on the web (decision 071): its account and publishing live on the eBay screen, which its card opens. */
export const ebayWebChannel: WebChannel = {
  name: 'ebay',
  label: 'eBay',
  MarketplacesSection: EbayChannelCard,
  SellingRulesSection: OfferRuleSettings,
  screens: ebayScreens,
  dashboardAction: { label: 'Publish to eBay', detail: 'Check readiness and go live', to: ebayWebPaths.screen },
  simulatedSale: {
    words: simulatedSaleWords,
    isSimulatedListing: isSimulatedListingUrl,
    path: (itemId) => simulatedSalePath(salesPaths.simulatedSale, itemId),
  },
};
