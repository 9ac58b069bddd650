import { SIMULATED_ETSY_LABEL } from '@shared/domain/simulated-etsy';
import { SimulationNote } from '@/components/simulation-note';

/** The words that mark whatever the simulated Etsy touches (a server without Etsy keys). */
export function SimulatedEtsyNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="etsy" label={SIMULATED_ETSY_LABEL} />;
}
