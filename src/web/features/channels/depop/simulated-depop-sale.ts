import { depopPaths, SIMULATED_DEPOP_PATH } from '@shared/contracts/depop';
import { simulatedSalePath, type SimulatedSaleOffer } from '@shared/contracts/sales';
import { linksUnder } from '@shared/domain/simulated-pages';

/** A product link that leads to the simulated Depop's page (under the app's address), not to depop.com. */
export const isSimulatedDepopListingUrl = linksUnder(SIMULATED_DEPOP_PATH);

/** "Simulate a sale on Depop" for an item live on the simulated Depop (the dashboard card's action). */
export const simulatedDepopSale: Omit<SimulatedSaleOffer, 'channel'> = {
  words: {
    cardAction: 'Simulate a sale on Depop',
    sold: (sku: string) => `${sku} sold on the simulated Depop.`,
  },
  isSimulatedListing: isSimulatedDepopListingUrl,
  path: (itemId) => simulatedSalePath(depopPaths.simulatedSale, itemId),
};
