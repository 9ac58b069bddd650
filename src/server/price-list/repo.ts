import { eq } from 'drizzle-orm';
import type { PriceListBody } from '@shared/contracts/price-list';
import type { Db } from '../db/client';
import { sellerPriceLists } from '../db/schema';

/** The seller's price list row, or undefined before they answered the offer. */
export async function priceListRowOf(db: Db, userId: string) {
  const [row] = await db.select().from(sellerPriceLists).where(eq(sellerPriceLists.userId, userId));
  return row;
}

export async function savePriceList(db: Db, userId: string, body: PriceListBody): Promise<void> {
  const columns = { currency: body.currency, rows: body.rows, adjustments: body.adjustments, updatedAt: new Date() };
  await db
    .insert(sellerPriceLists)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: sellerPriceLists.userId, set: columns });
}
