import type { ListedItem } from '../contracts/items';
import { listingsEndedOnDelete } from '../contracts/marketplace-registry';
import { inWords } from './in-words';

/**
 * What the seller is told before deleting products live on a marketplace that deleting ends first (the marketplace
 * registry's `listingsEndedOnDelete` names them): `on` is their names, "eBay" or "eBay and Etsy".
 */
export const deleteEndsListingsMessages = {
  /** Added to the confirmation of one product. */
  endsListing: (on: readonly string[]) => `Its ${names(on)} listing will be ended first.`,
  /** Added to the bulk confirmation: how many of the selected are live there. */
  endsListings: (on: readonly string[], live: number, selected: number) =>
    live === selected && selected > 1
      ? `All ${live} are live on ${names(on)}: their listings will be ended first.`
      : live === 1
        ? `1 of them is live on ${names(on)}: its listing will be ended first.`
        : `${live} of them are live on ${names(on)}: their listings will be ended first.`,
} as const;

const names = (on: readonly string[]) => inWords(on);

/** Of the products to delete, how many are live where deleting ends the listing first, and on which marketplaces. */
export interface EndsListings {
  live: number;
  on: string[];
}

/** Of these products, how many deleting ends a live listing of first, and on which marketplaces (the registry's). */
export function endsListingsOf(items: readonly Pick<ListedItem, 'listings'>[]): EndsListings {
  const ended = items.map(listingsEndedOnDelete);
  return { live: ended.filter((on) => on.length).length, on: [...new Set(ended.flat())] };
}
