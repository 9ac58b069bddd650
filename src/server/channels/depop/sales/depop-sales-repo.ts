import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sales } from '../../../db/schema';

/** The sellers of this app who recorded a Depop sale of that order (Depop's refund webhook names no seller). */
export async function sellersOfDepopOrder(db: Db, purchaseId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: sales.userId })
    .from(sales)
    .where(and(eq(sales.channel, 'depop'), eq(sales.externalOrderId, purchaseId)));
  return rows.map((row) => row.userId);
}
