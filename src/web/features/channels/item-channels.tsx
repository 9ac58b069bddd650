import { useEtsyConnection } from '../../entities/channels/use-etsy-connection';
import { OtherMarketplaces } from './assisted/other-marketplaces';
import { EtsyListingQuestions } from './etsy/etsy-listing-questions';

/**
 * The channels' part under a listing: what Etsy asks of the item (when it was made) once the seller's shop is
 * connected, and the assisted marketplaces' hand-overs.
 */
export function ItemChannels({ itemId }: { itemId: string }) {
  const etsy = useEtsyConnection();
  return (
    <div className="flex flex-col gap-4">
      {etsy.data?.connection?.status === 'connected' && (
        <div className="flex flex-col gap-2">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Etsy</h4>
          <EtsyListingQuestions itemId={itemId} />
        </div>
      )}
      <OtherMarketplaces itemId={itemId} />
    </div>
  );
}
