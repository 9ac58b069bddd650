import type { ListedItem } from '@shared/contracts/items';
import { salesCheckMessages } from '@shared/domain/sales';
import { isSimulatedListingUrl, simulatedSaleWords } from '@shared/domain/simulated-ebay';
import { isSimulatedEtsyListingUrl, simulatedEtsySaleWords } from '@shared/domain/simulated-etsy';
import { isSimulatedShopifyListingUrl, simulatedShopifySaleWords } from '@shared/domain/simulated-shopify'; // shopify-wiring
import { isSoldOut } from '@shared/domain/channel-listing';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useSimulateSale, type SimulatedChannel } from './api/simulate-sale';

interface SaleWords {
  cardAction: string;
  sold(sku: string): string;
}

const simulated: Record<SimulatedChannel, { isSimulated(url: string | null | undefined): boolean; words: SaleWords }> = {
  ebay: { isSimulated: isSimulatedListingUrl, words: simulatedSaleWords },
  etsy: { isSimulated: isSimulatedEtsyListingUrl, words: simulatedEtsySaleWords },
  shopify: { isSimulated: isSimulatedShopifyListingUrl, words: simulatedShopifySaleWords }, // shopify-wiring
};

/** The item's live listing on the simulated channel (its link leads to the simulation's page), if it has one. */
export const canSimulateSale = (item: ListedItem, channel: SimulatedChannel = 'ebay') =>
  !isSoldOut(item.listings) &&
  item.listings.some((listing) => listing.channel === channel && listing.status === 'live' && simulated[channel].isSimulated(listing.url));

/**
 * "Simulate a sale" (issue 42; on Etsy, issue 43): on a server without a marketplace's keys a newcomer sees a sale land
 * without a buyer. Shown only on items live on that simulated marketplace (never with real keys: their links lead to it).
 */
export function SimulateSaleButton({
  item,
  inMenu = false,
  channel = 'ebay',
}: {
  item: ListedItem;
  inMenu?: boolean;
  channel?: SimulatedChannel;
}) {
  const notify = useToast();
  const { words } = simulated[channel];
  const simulate = useSimulateSale(channel, {
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
