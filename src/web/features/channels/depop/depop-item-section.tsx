import { depopListingPart } from '@shared/contracts/depop';
import type { ChannelListingStatus } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { LineList } from '@/components/line-list';
import { usePreflightScores } from '@/entities/readiness/use-preflight-scores';
import { useItemDetail } from '@/entities/items/use-item-detail';
import { DepopLikes } from './depop-likes';
import { DepopOwnFields } from './depop-own-fields';
import { useDepopShopSettings } from './use-depop-shop-settings';
import { DepopPricingGuide } from './depop-pricing';
import { SimulatedDepopNote } from './simulated-depop-note';
import { isSimulatedDepopListingUrl } from './simulated-depop-sale';

/** The item's Depop listing in a seller's words, by its status there. */
export const depopListingWords: Record<ChannelListingStatus, string> = {
  draft: 'Not on Depop yet.',
  publishing: 'Being listed on Depop…',
  live: 'Live on Depop.',
  ended: 'Ended on Depop: it is no longer for sale there.',
  sold: 'Sold on Depop.',
  failed: 'Depop refused this listing.',
};

/** The listing's states in which the seller answers Depop's own fields (live: a save revises the product there). */
const answerable = new Set<ChannelListingStatus>(['draft', 'failed', 'ended', 'live']);

/**
 * Depop's part under the item (shown once the seller's Depop shop is connected): its listing there and the link to
 * it, Depop's own fields until it is listed, and what Depop's rules would refuse, each in words. Self-contained: give
 * it an item id.
 */
export function DepopItemSection({ itemId }: { itemId: string }) {
  const item = useItemDetail(itemId).data;
  const scores = usePreflightScores(itemId, item?.updatedAt ?? '');
  const listing = item?.listings.find((entry) => entry.channel === 'depop');
  const reasons = scores.data?.channels.find((entry) => entry.channel === 'depop')?.reasons ?? [];
  const simulated = isSimulatedDepopListingUrl(listing?.url);
  const part = depopListingPart.parse(listing?.part ?? {});
  // The shop's shipping price for every item (decision 168): the item's own field says it is the one used when empty.
  const shopShipping = useDepopShopSettings().data?.nationalShipping ?? null;

  return (
    <section aria-label="Depop listing" className="flex flex-col gap-2 text-sm" data-testid="depop-item-section">
      <p className="text-slate-700" data-testid="depop-listing-status">
        {listing ? depopListingWords[listing.status] : depopListingWords.draft}
        {listing?.url && (
          <>
            {' '}
            <a href={listing.url} target="_blank" rel="noreferrer" className="font-semibold break-all text-violet-700 underline">
              {simulated ? 'See it on the simulated Depop' : 'See it on Depop'}
            </a>
          </>
        )}
      </p>
      {simulated && <SimulatedDepopNote />}
      {listing?.status === 'live' && <DepopLikes itemId={itemId} simulated={simulated} />}
      {listing?.status === 'failed' && listing.error && <Alert tone="error">{listing.error}</Alert>}
      {item && (!listing || answerable.has(listing.status)) && (
        <DepopOwnFields
          key={itemId}
          itemId={itemId}
          part={part}
          category={item.category}
          currency={listing?.price?.currency ?? item.currency}
          live={listing?.status === 'live'}
          shopShipping={shopShipping}
        />
      )}
      {item && listing?.status !== 'sold' && <DepopPricingGuide itemId={itemId} updatedAt={item.updatedAt} />}
      {reasons.length > 0 && (
        <div className="flex flex-col gap-1">
          <p className="font-medium text-slate-800">Before Depop takes this listing:</p>
          <LineList lines={reasons} className="list-disc pl-5 text-slate-700" aria-label="What Depop needs" />
        </div>
      )}
    </section>
  );
}
