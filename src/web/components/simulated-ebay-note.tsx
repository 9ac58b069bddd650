import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { cn } from '../lib/cn';

/** The words that mark whatever the simulated eBay touches (a server without eBay keys: src/shared/domain/simulated-ebay.ts). */
export function SimulatedEbayNote({ className }: { className?: string }) {
  return (
    <span
      data-testid="simulated-ebay-label"
      className={cn(
        'inline-flex w-fit items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      {SIMULATED_EBAY_LABEL}
    </span>
  );
}
