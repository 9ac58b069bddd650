import type { ApiChannel } from '@shared/domain/channel-listing';
import type { SellerCountry } from '@shared/domain/seller-region';
import type { Db } from '../db/client';
import * as repo from './repo';
import { chooseSellerCountry, sellerRegionOfUser, type StoredSellerRegion } from './repo';

/** The seller's region, inside the caller's transaction (a new item's currency, the marketplaces' sites). */
export const sellerRegionIn = (db: Db, userId: string): Promise<StoredSellerRegion> => repo.sellerRegionOfUser(db, userId);

/** The country of the seller's account on a marketplace, kept unless the seller chose one (decision 102). */
export const noteAccountCountry = (db: Db, userId: string, channel: ApiChannel, country: SellerCountry): Promise<void> =>
  repo.noteAccountCountry(db, userId, channel, country);

/** Where the seller sells from (decision 102): read by every screen, set in the settings. */
export function createSellerRegionService({ db }: { db: Db }) {
  return {
    of: (userId: string): Promise<StoredSellerRegion> => sellerRegionOfUser(db, userId),
    async choose(userId: string, country: SellerCountry): Promise<StoredSellerRegion> {
      await chooseSellerCountry(db, userId, country);
      return sellerRegionOfUser(db, userId);
    },
  };
}

export type SellerRegionService = ReturnType<typeof createSellerRegionService>;
