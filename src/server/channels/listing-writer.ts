/**
 * The channels feature's door to channel_listings for other features (decision 092): the table is written only by
 * channels/listings-repo.ts, which stays private to this folder (decision 068); these are the writes others call.
 */
export { saveListing, type ListingColumns, type ListingSave } from './listings-repo';
