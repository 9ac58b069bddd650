import type { Db } from '../../../db/client';
import { sales } from '../../../db/schema';
import { matching } from '../../../db/matching';

/** The sellers of this app who recorded a Depop sale of that order (Depop's refund webhook names no seller). */
export async function sellersOfDepopOrder(db: Db, purchaseId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: sales.userId })
    .from(sales)
    .where(matching(sales, { channel: 'depop', externalOrderId: purchaseId }));
  return rows.map((row) => row.userId);
}
