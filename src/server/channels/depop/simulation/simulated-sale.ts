import { depopMessages } from '@shared/contracts/depop';
import { createSimulatedSale, type SimulatedSaleDeps } from '../../simulation/simulated-sale';
import { depopListings } from '../listing-repo';
import type { SimulatedDepop } from './simulated-depop';

/**
 * "Simulate a sale on Depop": the simulated Depop's test buyer buys the product in the seller's simulated shop, which
 * sends its signed `v1:order.new` webhook to the app, then the app checks for Depop sales (the shared simulated sale).
 */
export function createSimulatedDepopSales(deps: SimulatedSaleDeps & { simulation: SimulatedDepop }) {
  return createSimulatedSale(deps, {
    channel: 'depop',
    notLive: depopMessages.simulatedNotLive,
    buy: async (listing, sku) => {
      const depopSellerId = Number(depopListings.dataOf(listing).depopSellerId);
      return Boolean(depopSellerId && (await deps.simulation.buy(depopSellerId, sku)));
    },
  });
}

export type SimulatedDepopSales = ReturnType<typeof createSimulatedDepopSales>;
