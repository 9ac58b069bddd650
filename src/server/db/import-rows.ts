import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A table of a seller's imports: each row the seller's, with a status and when it was made and last changed. */
type ImportTable = PgTable & { id: PgColumn; userId: PgColumn; status: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

/**
 * A seller's import rows: made, read by id, the one still in progress (`inProgress`: its status until it is over), and
 * changed (`updatedAt` with it), each only the seller's own. Every import table of the app (eBay's listings, a
 * marketplace's past sales, a spreadsheet of them) keeps its rows through these; what only one has stays its own.
 */
export function importRows<T extends ImportTable>(table: T, inProgress: string) {
  type Row = T['$inferSelect'];
  const own = (userId: string, id: string) => and(eq(table.id, id), eq(table.userId, userId));
  /**
   * The table's rows where `where` holds. drizzle's `from` cannot tell that a generic T is a table (it asks whether T
   * is a subquery with no columns, which stays open for a type parameter), so it is given T as a table, and its rows
   * are T's rows.
   */
  const rowsWhere = (db: Db, where: SQL | undefined) =>
    db
      .select()
      .from(table as PgTable)
      .where(where);
  return {
    /** The seller's own import of this id. */
    own,
    async create(db: Db, values: PgInsertValue<T>): Promise<Row> {
      const [row] = await db.insert(table).values(values).returning();
      if (!row) throw new Error('the import insert returns its row');
      return row;
    },
    async of(db: Db, userId: string, id: string): Promise<Row | undefined> {
      const [row] = await rowsWhere(db, own(userId, id));
      return row as Row | undefined;
    },
    /** The seller's latest import still in progress (`also` narrowing it, as to a marketplace), if any. */
    async inProgressOf(db: Db, userId: string, also?: SQL): Promise<Row | undefined> {
      const [row] = await rowsWhere(db, and(eq(table.userId, userId), also, eq(table.status, inProgress)))
        .orderBy(desc(table.createdAt))
        .limit(1);
      return row as Row | undefined;
    },
    async update(db: Db, userId: string, id: string, patch: PgUpdateSetSource<T>): Promise<void> {
      await db
        .update(table)
        .set({ ...patch, updatedAt: new Date() })
        .where(own(userId, id));
    },
  };
}
