import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { items } from '../db/schema';
import { must } from '@shared/must';

/** SQL of the event stream. Every statement is filtered by the stream's user. */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The channel the items triggers NOTIFY on (migration 0002), with the changed item's user id as payload. */
export const ITEM_CHANGES_CHANNEL = 'item_changes';

export interface ItemStatusRow {
  id: string;
  aiGenerationStatus: 'pending' | 'generating' | 'completed' | 'failed';
  aiGenerationError: string | null;
  listingReady: boolean;
  /** UTC text with microseconds: exact, so it works as a cursor. */
  updatedAt: string;
}

/** The user's items changed after `since` (UTC text), oldest change first; index items_user_updated_idx. */
export async function itemsChangedSince(db: Db, userId: string, since: string, limit: number): Promise<ItemStatusRow[]> {
  const result = await db.execute(sql`
    select id, ai_generation_status, ai_generation_error, listing_ready,
      to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at
    from ${items}
    where ${items.userId} = ${userId} and ${items.updatedAt} > ${since}::timestamptz
    order by ${items.updatedAt}
    limit ${limit}`);
  return rowsOf<{
    id: string;
    ai_generation_status: ItemStatusRow['aiGenerationStatus'];
    ai_generation_error: string | null;
    listing_ready: boolean;
    updated_at: string;
  }>(result).map((r) => ({
    id: r.id,
    aiGenerationStatus: r.ai_generation_status,
    aiGenerationError: r.ai_generation_error,
    listingReady: r.listing_ready,
    updatedAt: r.updated_at,
  }));
}

/** The database's clock as UTC text with microseconds (a new stream's cursor starts here). */
export async function databaseNow(db: Db): Promise<string> {
  const result = await db.execute(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`);
  return must(rowsOf<{ now: string }>(result)[0], 'select now() returns one row').now;
}
