import { and, eq, getTableColumns, sql, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

/** Values for some of a table's columns, by their names in the schema. */
type ColumnValues<T extends Table> = { [Name in keyof InferSelectModel<T>]?: InferSelectModel<T>[Name] };

/**
 * The rows of `table` whose columns equal these values, all of them: `matching(items, { id, userId })` is the seller's
 * own item. A value left undefined is a caller's bug, never "any": it throws rather than drop the condition, so an
 * unset `userId` can never widen a query to every seller's rows.
 */
export function matching<T extends Table>(table: T, values: ColumnValues<T>): SQL {
  const columns = getTableColumns(table);
  const conditions = Object.entries(values).map(([name, value]) => {
    const column = columns[name];
    if (!column || value === undefined) throw new Error(`matching: no value for ${name}`);
    return eq(column, value);
  });
  const all = and(...conditions);
  if (!all) throw new Error('matching: no condition');
  return all;
}

/**
 * An upsert's `set` that takes these columns from the row the insert proposed (`excluded`): `{ sku: excluded.sku, … }`,
 * each named by its schema name and written by its column's.
 */
export function excludedOf<T extends Table, Name extends keyof InferSelectModel<T> & string>(
  table: T,
  names: readonly Name[],
): Record<Name, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, sql.raw(`excluded.${quoted(columns[name]!.name)}`)])) as Record<Name, SQL>;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
