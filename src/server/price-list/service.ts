import { priceListMessages, type PriceListBody, type PriceListResponse } from '@shared/contracts/price-list';
import { emptyPriceListIn, type PriceList, type PriceListCurrency } from '@shared/domain/price-list';
import { isSellerCurrency } from '@shared/domain/seller-region';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { sellerRegionIn } from '../seller-region/service';
import { priceListRowOf, savePriceList } from './repo';

/** The seller's currency, where their price list is kept (every region's currency is a price list's). */
async function sellerCurrencyOf(db: Db, userId: string): Promise<PriceListCurrency> {
  const { currency } = await sellerRegionIn(db, userId);
  return isSellerCurrency(currency) ? currency : 'USD';
}

/**
 * The seller's own price list (empty until they fill it in, in their currency): what the autopilot and bulk publish
 * price by. A list kept in another currency (the seller moved) is answered as it is: `priceByList` prices only an item
 * of its currency, so it prices no new item (decision 126).
 */
export async function priceListOf(db: Db, userId: string): Promise<PriceList> {
  const row = await priceListRowOf(db, userId);
  return row
    ? { currency: row.currency, rows: row.rows, adjustments: row.adjustments }
    : emptyPriceListIn(await sellerCurrencyOf(db, userId));
}

/** The settings screen's GET and PUT. */
export function createPriceListService({ db }: { db: Db }) {
  return {
    async get(userId: string): Promise<PriceListResponse> {
      const [row, sellerCurrency] = await Promise.all([priceListRowOf(db, userId), sellerCurrencyOf(db, userId)]);
      return {
        ...(row ? { currency: row.currency, rows: row.rows, adjustments: row.adjustments } : emptyPriceListIn(sellerCurrency)),
        answered: Boolean(row),
        sellerCurrency,
      };
    },
    /** Saved in the seller's currency only: a list in another is refused (400), never stored as if it were theirs. */
    async save(userId: string, body: PriceListBody): Promise<PriceListResponse> {
      const sellerCurrency = await sellerCurrencyOf(db, userId);
      if (body.currency !== sellerCurrency) {
        throw new AppError('VALIDATION_FAILED', priceListMessages.otherCurrency(body.currency, sellerCurrency));
      }
      await savePriceList(db, userId, body);
      return { ...body, answered: true, sellerCurrency };
    },
  };
}

export type PriceListService = ReturnType<typeof createPriceListService>;
