import type { PriceListResponse } from '@shared/contracts/price-list';
import { emptyPriceList, type PriceList } from '@shared/domain/price-list';
import type { Db } from '../db/client';
import { priceListRowOf, savePriceList } from './repo';

/** The seller's own price list (empty until they fill it in): what the autopilot and bulk publish price by. */
export async function priceListOf(db: Db, userId: string): Promise<PriceList> {
  const row = await priceListRowOf(db, userId);
  return row ? { currency: row.currency, rows: row.rows, adjustments: row.adjustments } : emptyPriceList;
}

/** The settings screen's GET and PUT. */
export function createPriceListService({ db }: { db: Db }) {
  return {
    async get(userId: string): Promise<PriceListResponse> {
      const row = await priceListRowOf(db, userId);
      return {
        ...(row ? { currency: row.currency, rows: row.rows, adjustments: row.adjustments } : emptyPriceList),
        answered: Boolean(row),
      };
    },
    async save(userId: string, body: Parameters<typeof savePriceList>[2]): Promise<PriceListResponse> {
      await savePriceList(db, userId, body);
      return { ...body, answered: true };
    },
  };
}

export type PriceListService = ReturnType<typeof createPriceListService>;
