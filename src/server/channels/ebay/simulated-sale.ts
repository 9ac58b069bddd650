import { simulatedSaleWords } from '@shared/domain/simulated-ebay';
import { createSimulatedSale, type SimulatedSaleDeps } from '../simulation/simulated-sale';
import type { SimulatedEbay } from './api/simulated-ebay';

/**
 * "Simulate a sale": a simulated buyer buys the live listing on the simulated eBay, then the app checks for eBay sales,
 * which records it from the simulated eBay's order like a real one (the shared simulated sale).
 */
export function createSimulatedSales(deps: SimulatedSaleDeps & { simulation: SimulatedEbay }) {
  return createSimulatedSale(deps, {
    channel: 'ebay',
    notLive: simulatedSaleWords.notLive,
    buy: (listing, _sku, userId) => Boolean(listing.externalId) && deps.simulation.buy(listing.externalId!, userId),
  });
}

export type SimulatedSales = ReturnType<typeof createSimulatedSales>;
