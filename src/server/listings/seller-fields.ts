import { sql, type SQL } from 'drizzle-orm';
import { aspectField, sellerFieldOfAttribute } from '@shared/domain/seller-fields';
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

type AttributeColumn = keyof typeof sellerFieldOfAttribute;

/**
 * The seller fields of a change to the item's attribute columns and item specifics: those whose value differs from
 * what the item holds (a prefilled form saved as it was marks nothing).
 */
export function changedSellerFields(
  current: Partial<Record<AttributeColumn, string | null>> & { itemSpecificsJson?: Record<string, string> | null },
  patch: Partial<Record<AttributeColumn, string | null | undefined>>,
  specifics: Record<string, string> = {},
): string[] {
  const changed: string[] = [];
  for (const [column, field] of Object.entries(sellerFieldOfAttribute) as Array<[AttributeColumn, string]>) {
    const value = patch[column];
    if (value !== undefined && value !== (current[column] ?? null)) changed.push(field);
  }
  for (const [name, value] of Object.entries(specifics)) {
    if (value !== current.itemSpecificsJson?.[name]) changed.push(aspectField(name));
  }
  return changed;
}
