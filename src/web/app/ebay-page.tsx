import { EbayView } from '../features/channels/ebay/ebay-view';
import { EditListingForm } from '../features/listings/edit-listing-form';

/** The eBay screen with the Generate Listings screen's listing edit as its Edit Item Details panel. */
export function EbayPage() {
  return <EbayView renderEditDetails={(item, onDone) => <EditListingForm item={item} onDone={onDone} />} />;
}
