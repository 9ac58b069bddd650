import { simulatedEtsySaleWords } from '@shared/domain/simulated-etsy';
import { createSimulatedSale, type SimulatedSaleDeps } from '../../simulation/simulated-sale';
import type { SimulatedEtsy } from './simulated-etsy';

/**
 * "Simulate a sale on Etsy" (decision 062): a simulated buyer buys the live listing on the simulated Etsy, then the app
 * checks for Etsy sales, which records it from the shop's receipt (the shared simulated sale).
 */
export function createSimulatedEtsySales(deps: SimulatedSaleDeps & { simulation: SimulatedEtsy }) {
  const sale = createSimulatedSale(deps, {
    channel: 'etsy',
    notLive: simulatedEtsySaleWords.notLive,
    buy: (listing, _sku, userId) => Boolean(listing.externalId) && deps.simulation.buy(listing.externalId!, userId),
  });
  return { ...sale, simulation: deps.simulation };
}

export type SimulatedEtsySales = ReturnType<typeof createSimulatedEtsySales>;
