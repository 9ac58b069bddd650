import { SIMULATED_DEPOP_LABEL } from '@shared/contracts/depop';
import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { SIMULATED_ETSY_LABEL } from '@shared/domain/simulated-etsy';
import { SIMULATED_SHOPIFY_LABEL } from '@shared/domain/simulated-shopify';
import { cn } from '../lib/cn';

/** Each simulated marketplace's words (a server without its keys: src/shared/domain/simulated-*.ts). */
const labels = { ebay: SIMULATED_EBAY_LABEL, etsy: SIMULATED_ETSY_LABEL, shopify: SIMULATED_SHOPIFY_LABEL, depop: SIMULATED_DEPOP_LABEL };

/** The words that mark whatever the simulated eBay touches (a server without eBay keys: src/shared/domain/simulated-ebay.ts). */
export function SimulatedEbayNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="ebay" />;
}

/** The same for the simulated Etsy (a server without Etsy keys: src/shared/domain/simulated-etsy.ts). */
export function SimulatedEtsyNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="etsy" />;
}

/** The same for the simulated Shopify (a server without Shopify keys). */
export function SimulatedShopifyNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="shopify" />;
}

/** The same for the simulated Depop (a server without Depop keys). */
export function SimulatedDepopNote({ className }: { className?: string }) {
  return <SimulationNote className={className} channel="depop" />;
}

function SimulationNote({ className, channel }: { className?: string; channel: keyof typeof labels }) {
  return (
    <span
      data-testid={`simulated-${channel}-label`}
      className={cn(
        'inline-flex w-fit items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      {labels[channel]}
    </span>
  );
}
