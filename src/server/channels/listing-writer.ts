/**
 * The channels feature's door to channel_listings for other features (decision 092): the table is written only by
 * channels/listings-repo.ts, which stays private to this folder (decision 068); these are the writes others call
 * (the autopilot's prices, the floor guard's sent price, a sale's sold listing, a listing change's progress).
 */
export {
  insertNewListings,
  listingOfItem,
  ownListingOfItem,
  saveListing,
  updateOwnListings,
  type ListingColumns,
  type ListingRow,
  type ListingSave,
  type ListingSet,
} from './listings-repo';
