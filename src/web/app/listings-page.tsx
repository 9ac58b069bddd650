import { ListingsView } from '../features/listings/listings-view';
import { photoManager } from './photo-slots';

/** Generate Listings with the photos feature's Manage Photos on its completed listings. */
export function ListingsPage() {
  return <ListingsView photoManager={photoManager} />;
}
