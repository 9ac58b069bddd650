import type { ListedItem } from '@shared/contracts/items';
import { salesCheckMessages } from '@shared/domain/sales';
import { isSimulatedListingUrl, simulatedSaleWords } from '@shared/domain/simulated-ebay';
import { isSoldOut } from '@shared/domain/channel-listing';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useSimulateSale } from './api/simulate-sale';

/** The item's live listing on the simulated eBay (its link leads to the simulation's page), if it has one. */
export const canSimulateSale = (item: ListedItem) =>
  !isSoldOut(item.listings) &&
  item.listings.some((listing) => listing.channel === 'ebay' && listing.status === 'live' && isSimulatedListingUrl(listing.url));

/**
 * "Simulate a sale" (issue 42): on a server without eBay keys a newcomer sees a sale land without a buyer. Shown only
 * on items live on the simulated eBay (never with real keys: their links lead to eBay).
 */
export function SimulateSaleButton({ item, inMenu = false }: { item: ListedItem; inMenu?: boolean }) {
  const simulate = useSimulateSale();
  const notify = useToast();
  return (
    <button
      type="button"
      {...(inMenu ? { role: 'menuitem', tabIndex: -1 } : {})}
      disabled={simulate.isPending}
      onClick={() =>
        simulate.mutate(item.id, {
          onSuccess: () => notify('success', simulatedSaleWords.sold(item.sku)),
          onError: (error) =>
            notify('error', error instanceof ApiError && error.status !== 500 ? error.message : salesCheckMessages.failed),
        })
      }
      aria-label={`${simulatedSaleWords.cardAction}: ${item.sku}`}
      className="rounded-lg px-2 py-1.5 text-sm font-semibold text-violet-700 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-60"
    >
      {simulatedSaleWords.cardAction}
    </button>
  );
}
