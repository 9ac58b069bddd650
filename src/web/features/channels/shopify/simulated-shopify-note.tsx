import { SIMULATED_SHOPIFY_LABEL } from '@shared/domain/simulated-shopify';
import { SimulationNote } from '@/components/simulation-note';

/** The words that mark whatever the simulated Shopify touches (a server without Shopify keys). */
export function SimulatedShopifyNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="shopify" label={SIMULATED_SHOPIFY_LABEL} />;
}
