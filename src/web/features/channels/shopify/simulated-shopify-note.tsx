import { SIMULATED_SHOPIFY_LABEL } from '@shared/domain/simulated-shopify';
import { cn } from '@/lib/cn';

/** The words that mark whatever the simulated Shopify touches (a server without Shopify keys). */
export function SimulatedShopifyNote({ className }: { className?: string }) {
  return (
    <span
      data-testid="simulated-shopify-label"
      className={cn(
        'inline-flex w-fit items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      {SIMULATED_SHOPIFY_LABEL}
    </span>
  );
}
