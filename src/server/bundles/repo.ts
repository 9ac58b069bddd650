import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bundles, items, sales } from '../db/schema';
import { matching } from '../db/matching';

export type BundleRow = typeof bundles.$inferSelect;

export async function insertBundle(
  db: Db,
  values: { userId: string; costMinor: number; currency: string; split: BundleRow['split']; source: string | null },
): Promise<BundleRow> {
  const [row] = await db.insert(bundles).values(values).returning();
  if (!row) throw new Error('an insert returns its row');
  return row;
}

/** One of the user's bundles; `lock` holds it while its members' shares are rewritten. */
export async function findBundle(db: Db, userId: string, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(bundles).where(matching(bundles, { id, userId }));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * What one unit of the item sold for: its latest standing sale (not cancelled) in the item's own currency; null: none.
 * The item's columns are named with their table, as a subquery of the select below needs.
 */
const soldPriceMinor = (userId: string) =>
  sql<number | null>`(
  select s.price_minor / greatest(s.quantity, 1) from ${sales} s
  where s.user_id = ${userId} and s.item_id = ${items}.${sql.identifier(items.id.name)}
    and s.cancelled_at is null and s.currency = ${items}.${sql.identifier(items.currency.name)}
  order by s.sold_at desc, s.id desc limit 1)`.mapWith(Number);

/** What the split reads of the user's `ids` (or of the bundle's members), oldest first so shares are stable. */
export async function splitInputs(db: Db, userId: string, by: { ids: string[] } | { bundleId: string }) {
  return db
    .select({
      id: items.id,
      currency: items.currency,
      bundleId: items.bundleId,
      costMinor: items.costMinor,
      source: items.source,
      soldPriceMinor: soldPriceMinor(userId),
      askingPriceMinor: items.askingPriceMinor,
      aiSuggestedPriceMinor: items.aiSuggestedPriceMinor,
    })
    .from(items)
    .where(and(eq(items.userId, userId), 'ids' in by ? inArray(items.id, by.ids) : eq(items.bundleId, by.bundleId)))
    .orderBy(asc(items.createdAt), asc(items.id));
}

/** The user's sources, distinct, the most recently used (on an item or a bundle) first. */
export async function recentSources(db: Db, userId: string, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select source from (
      select ${items.source} as source, ${items.updatedAt} as used_at from ${items}
        where ${items.userId} = ${userId} and ${items.source} is not null
      union all
      select ${bundles.source}, ${bundles.createdAt} from ${bundles}
        where ${bundles.userId} = ${userId} and ${bundles.source} is not null
    ) used
    group by source order by max(used_at) desc, source limit ${limit}`);
  return (result as unknown as { rows: { source: string }[] }).rows.map((r) => r.source);
}
