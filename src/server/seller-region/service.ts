import type { SellerCountry } from '@shared/domain/seller-region';
import type { Db } from '../db/client';
import { chooseSellerCountry, sellerRegionOfUser, type StoredSellerRegion } from './repo';

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
