import { sql } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';

/** One of the seller's listings as a days-to-sale observation, with what it is (to narrow to items like the one asked). */
export interface ListingObservation {
  channel: Channel;
  category: string | null;
  brand: string | null;
  days: number;
  sold: boolean;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Every listing the seller put live (`listed_at` set): sold on that marketplace when a standing
 * sale of the item is there (days from going live to the first such sale); otherwise censored where it stopped being
 * for sale there: its end, the item's sale elsewhere, or now. Every table read is filtered by the user.
 */
export async function listingObservations(db: Db, userId: string, now: Date): Promise<ListingObservation[]> {
  const result = await db.execute(sql`
    select cl.channel, nullif(trim(i.category), '') as category,
      nullif(lower(trim(coalesce(i.brand, i.extracted_brand))), '') as brand,
      greatest(0, extract(epoch from (
        coalesce(here.sold_at, least(coalesce(cl.ended_at, ${now}), coalesce(anywhere.sold_at, ${now}), ${now})) - cl.listed_at
      )) / 86400)::float8 as days,
      (here.sold_at is not null) as sold
    from channel_listings cl
    join items i on i.id = cl.item_id and i.user_id = ${userId}
    left join lateral (select min(s.sold_at) as sold_at from sales s
      where s.user_id = ${userId} and s.item_id = cl.item_id and s.channel = cl.channel and s.cancelled_at is null) here on true
    left join lateral (select min(s.sold_at) as sold_at from sales s
      where s.user_id = ${userId} and s.item_id = cl.item_id and s.cancelled_at is null) anywhere on true
    where cl.user_id = ${userId} and cl.listed_at is not null`);
  return rowsOf<ListingObservation>(result).map((row) => ({ ...row, days: Number(row.days), sold: Boolean(row.sold) }));
}

/** The asked items' category, brand and marketplaces each has a listing on, by id; an id not the seller's is absent. */
export async function itemsForDaysToSale(
  db: Db,
  userId: string,
  itemIds: readonly string[],
): Promise<Map<string, { category: string | null; brand: string | null; channels: Channel[] }>> {
  const found = new Map<string, { category: string | null; brand: string | null; channels: Channel[] }>();
  if (!itemIds.length) return found;
  const result = await db.execute(sql`
    select i.id, nullif(trim(i.category), '') as category,
      nullif(trim(coalesce(i.brand, i.extracted_brand)), '') as brand,
      coalesce((select array_agg(cl.channel order by cl.channel) from channel_listings cl
        where cl.user_id = ${userId} and cl.item_id = i.id), '{}') as channels
    from items i where i.user_id = ${userId} and i.id in (${sql.join(
      itemIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const row of rowsOf<{ id: string; category: string | null; brand: string | null; channels: Channel[] | string }>(result)) {
    const channels =
      typeof row.channels === 'string' ? (row.channels.replace(/[{}]/g, '').split(',').filter(Boolean) as Channel[]) : row.channels;
    found.set(row.id, { category: row.category, brand: row.brand, channels });
  }
  return found;
}
