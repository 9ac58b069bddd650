import { sql, type SQL } from 'drizzle-orm';
import { items } from '../db/schema';
import { instants, listedColumns, minorUnits, type Instant } from './item-mapper';

/** The instant as JavaScript's toISOString writes it (milliseconds, truncated as the drivers' Date truncates). */
const isoText = (column: SQL | (typeof items)[Instant]) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The list's select of `listedColumns`, each under its own name (instants as ISO text, money as bigint text). */
export const listedColumnsSql: SQL = sql.join(
  listedColumns.map((key) => {
    const column = items[key];
    const value = (instants as readonly string[]).includes(key)
      ? isoText(column as (typeof items)[Instant])
      : (minorUnits as readonly string[]).includes(key)
        ? sql`${column}::text`
        : sql`${column}`;
    return sql`${value} as ${sql.identifier(key)}`;
  }),
  sql`, `,
);
