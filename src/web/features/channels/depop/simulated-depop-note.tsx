import { SIMULATED_DEPOP_LABEL } from '@shared/contracts/depop';
import { SimulationNote } from '@/components/simulation-note';

/** The words that mark whatever the simulated Depop touches (a server without Depop keys). */
export function SimulatedDepopNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="depop" label={SIMULATED_DEPOP_LABEL} />;
}
