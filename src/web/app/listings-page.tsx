import { ItemChannelActionsProvider } from '../entities/channels/item-channel-actions';
import { ListingsView } from '../features/listings/listings-view';
import { itemChannelActions } from './channel-slots';
import { photoManager } from './photo-slots';

/** Generate Listings with the photos feature's Manage Photos and the channels' hand-overs on its completed listings. */
export function ListingsPage() {
  return (
    <ItemChannelActionsProvider value={itemChannelActions}>
      <ListingsView photoManager={photoManager} />
    </ItemChannelActionsProvider>
  );
}
