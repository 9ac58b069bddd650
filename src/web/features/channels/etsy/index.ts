import { SimulatedEtsyNote } from './simulated-etsy-note';
import { simulatedSalePath } from '@shared/contracts/sales';
import { isSimulatedEtsyListingUrl, SIMULATED_ETSY_SALE_ROUTE, simulatedEtsySaleWords } from '@shared/domain/simulated-etsy';
import { etsyWhenMadeQuestion } from '@shared/contracts/etsy';
import type { WebChannel } from '../web-channel';
import { EtsyChannelSection } from './etsy-channel-section';
import { EtsyListingQuestions } from './etsy-listing-questions';
import { saveWhenMade } from './save-when-made';

/** Etsy on the web (decision 071): its shop on the Marketplaces screen, and when each item was made. */
export const etsyWebChannel: WebChannel = {
  name: 'etsy',
  label: 'Etsy',
  MarketplacesSection: EtsyChannelSection,
  ItemSection: EtsyListingQuestions,
  SimulatedPickerNote: SimulatedEtsyNote,
  reviewAnswers: [{ question: etsyWhenMadeQuestion.name, save: saveWhenMade }],
  simulatedSale: {
    words: simulatedEtsySaleWords,
    isSimulatedListing: isSimulatedEtsyListingUrl,
    path: (itemId) => simulatedSalePath(SIMULATED_ETSY_SALE_ROUTE, itemId),
  },
};
