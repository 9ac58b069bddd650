import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { SimulationNote } from '@/components/simulation-note';

/** The words that mark whatever the simulated eBay touches (a server without eBay keys). */
export function SimulatedEbayNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="ebay" label={SIMULATED_EBAY_LABEL} />;
}
