import { simulatedShopifySaleWords } from '@shared/domain/simulated-shopify';
import { createSimulatedSale, type SimulatedSaleDeps } from '../../simulation/simulated-sale';
import { shopifyListings } from '../listing-repo';
import type { SimulatedShopify } from './simulated-shopify';

/**
 * "Simulate a sale on Shopify": a simulated buyer orders the product in the seller's simulated store, which pushes the
 * orders/create webhook to the app (decision 077), then the app checks for Shopify sales (the shared simulated sale).
 */
export function createSimulatedShopifySales(deps: SimulatedSaleDeps & { simulation: SimulatedShopify }) {
  return createSimulatedSale(deps, {
    channel: 'shopify',
    notLive: simulatedShopifySaleWords.notLive,
    buy: async (listing, sku) => {
      const shop = shopifyListings.dataOf(listing).shop;
      return Boolean(shop && (await deps.simulation.buy(shop, sku)));
    },
  });
}

export type SimulatedShopifySales = ReturnType<typeof createSimulatedShopifySales>;
