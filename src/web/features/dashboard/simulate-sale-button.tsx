import type { ListedItem } from '@shared/contracts/items';
import type { SimulatedSaleOffer } from '@shared/contracts/sales';
import { salesCheckMessages } from '@shared/domain/sales';
import { isSoldOut } from '@shared/domain/channel-listing';
import { useToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useSimulateSale } from './api/simulate-sale';

/** The item's live listing on the offer's simulated channel (its link leads to the simulation's page), if it has one. */
export const canSimulateSale = (item: ListedItem, offer: SimulatedSaleOffer) =>
  !isSoldOut(item.listings) &&
  item.listings.some((listing) => listing.channel === offer.channel && listing.status === 'live' && offer.isSimulatedListing(listing.url));

/**
 * "Simulate a sale" (on Etsy, Shopify and Depop): on a server without a marketplace's keys a newcomer
 * sees a sale land without a buyer. Shown only on items live on that simulated marketplace (never with real keys:
 * their links lead to it). The offers come from the web channel registry (features/channels/registry.ts).
 */
export function SimulateSaleButton({ item, inMenu = false, offer }: { item: ListedItem; inMenu?: boolean; offer: SimulatedSaleOffer }) {
  const notify = useToast();
  const { words } = offer;
  const simulate = useSimulateSale(offer, {
    onSuccess: () => notify('success', words.sold(item.sku)),
    onError: (error) => notify('error', error instanceof ApiError && error.status !== 500 ? error.message : salesCheckMessages.failed),
  });
  return (
    <button
      type="button"
      {...(inMenu ? { role: 'menuitem', tabIndex: -1 } : {})}
      disabled={simulate.isPending}
      onClick={() => simulate.mutate(item.id)}
      aria-label={`${words.cardAction}: ${item.sku}`}
      className="rounded-lg px-2 py-1.5 text-sm font-semibold text-violet-700 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-60"
    >
      {words.cardAction}
    </button>
  );
}
