import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { SIMULATED_ETSY_LABEL } from '@shared/domain/simulated-etsy';
import { cn } from '../lib/cn';

/** The words that mark whatever the simulated eBay touches (a server without eBay keys: src/shared/domain/simulated-ebay.ts). */
export function SimulatedEbayNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="ebay" />;
}

/** The same for the simulated Etsy (a server without Etsy keys: src/shared/domain/simulated-etsy.ts). */
export function SimulatedEtsyNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="etsy" />;
}

function SimulationNote({ className, channel }: { className?: string; channel: 'ebay' | 'etsy' }) {
  return (
    <span
      data-testid={`simulated-${channel}-label`}
      className={cn(
        'inline-flex w-fit items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      {channel === 'ebay' ? SIMULATED_EBAY_LABEL : SIMULATED_ETSY_LABEL}
    </span>
  );
}
