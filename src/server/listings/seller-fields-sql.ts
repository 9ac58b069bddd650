import { sql, type SQL } from 'drizzle-orm';
import { items } from '../db/schema';

/**
 * The SET value of items.seller_fields with `names` added (each once, sorted): a change the seller made by hand
 * (an inline edit, Publish Settings, a Quick Fix) marks its fields as theirs, so a generation leaves them alone.
 */
export function sellerFieldsWith(names: Iterable<string>): SQL | undefined {
  const added = [...new Set(names)];
  if (!added.length) return undefined;
  const list = sql.join(
    added.map((name) => sql`${name}`),
    sql`, `,
  );
  return sql`array(select distinct f from unnest(${items.sellerFields} || array[${list}]::text[]) as f order by f)`;
}
