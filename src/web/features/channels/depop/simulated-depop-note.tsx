import { SIMULATED_DEPOP_LABEL } from '@shared/contracts/depop';
import { cn } from '@/lib/cn';

/** The words that mark whatever the simulated Depop touches (a server without Depop keys). */
export function SimulatedDepopNote({ className }: { className?: string }) {
  return (
    <span
      data-testid="simulated-depop-label"
      className={cn(
        'inline-flex w-fit items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      {SIMULATED_DEPOP_LABEL}
    </span>
  );
}
