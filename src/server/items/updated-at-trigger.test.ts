import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateItem } from './repo';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem } from '../test/uploads';

/**
 * Migration 0027 (decision 075): the database keeps items.updated_at, the event stream's cursor. An update of the
 * item and any write of its channel listings, photos or sales move it; nothing in the code touches it by hand.
 * Runs on PGlite, and on PostgreSQL in the postgres project.
 */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The item's updated_at as exact UTC text (microseconds), as the event stream reads it. */
async function updatedAtOf(itemId: string): Promise<string> {
  const result = await db().execute(
    sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from items where id = ${itemId}`,
  );
  return rowsOf<{ at: string }>(result)[0]!.at;
}

/** Runs `write` and answers whether it moved the item's updated_at forward. */
async function moves(itemId: string, write: () => Promise<unknown>): Promise<boolean> {
  const before = await updatedAtOf(itemId);
  await write();
  const after = await updatedAtOf(itemId);
  expect(after >= before).toBe(true);
  return after > before;
}

describe('items.updated_at kept by the database (migration 0027)', () => {
  it('moves on an update through the items repo, and on a raw update that does not name it', async () => {
    const item = await createItem(t.app, user.cookie);
    expect(await moves(item.id, () => updateItem(db(), user.id, item.id, { aiTitle: 'Blue denim jacket' }))).toBe(true);
    expect(await moves(item.id, () => db().execute(sql`update items set ai_title = 'Red jacket' where id = ${item.id}`))).toBe(true);
  });

  it('stays where an update sets it, and does not move on a write that changes nothing, or only the upload progress', async () => {
    const item = await createItem(t.app, user.cookie);
    await db().execute(sql`update items set updated_at = '2026-01-02T03:04:05Z' where id = ${item.id}`);
    expect(await updatedAtOf(item.id)).toBe('2026-01-02T03:04:05.000000');
    expect(await moves(item.id, () => db().execute(sql`update items set ai_title = ai_title where id = ${item.id}`))).toBe(false);
    expect(
      await moves(item.id, () => db().execute(sql`update items set upload_received = upload_received + 1 where id = ${item.id}`)),
    ).toBe(false);
  });

  it('moves when one of its channel listings is inserted, updated or deleted with raw SQL', async () => {
    const item = await createItem(t.app, user.cookie);
    const other = await createItem(t.app, user.cookie);
    expect(
      await moves(item.id, () =>
        db().execute(
          sql`insert into channel_listings (user_id, item_id, channel, status) values (${user.id}, ${item.id}, 'etsy', 'draft')`,
        ),
      ),
    ).toBe(true);
    const otherBefore = await updatedAtOf(other.id);
    expect(
      await moves(item.id, () =>
        db().execute(sql`update channel_listings set status = 'failed', error = 'Etsy said no' where item_id = ${item.id}`),
      ),
    ).toBe(true);
    expect(await updatedAtOf(other.id)).toBe(otherBefore);
    expect(await moves(item.id, () => db().execute(sql`delete from channel_listings where item_id = ${item.id}`))).toBe(true);
  });

  it('moves when a photo or a sale of it is written, and a deleted item takes its rows with it', async () => {
    const item = await createItem(t.app, user.cookie);
    expect(
      await moves(item.id, () =>
        db().execute(sql`
          insert into item_images (item_id, user_id, storage_path, thumb_path, width, height, bytes, "order")
          values (${item.id}, ${user.id}, 'a.jpg', 'a-thumb.jpg', 10, 10, 100, 0)`),
      ),
    ).toBe(true);
    expect(
      await moves(item.id, () =>
        db().execute(sql`
          insert into sales (user_id, item_id, channel, external_order_id, external_line_id, price_minor, currency, sold_at)
          values (${user.id}, ${item.id}, 'ebay', 'order-1', 'line-1', 2500, 'USD', now())`),
      ),
    ).toBe(true);
    expect(await moves(item.id, () => db().execute(sql`update sales set cancelled_at = now() where item_id = ${item.id}`))).toBe(true);
    await db().execute(
      sql`insert into channel_listings (user_id, item_id, channel, status) values (${user.id}, ${item.id}, 'ebay', 'draft')`,
    );

    await db().execute(sql`delete from items where id = ${item.id}`);
    const left = await db().execute(sql`
      select (select count(*)::int from channel_listings where item_id = ${item.id}) as listings,
        (select count(*)::int from item_images where item_id = ${item.id}) as photos,
        (select count(*)::int from sales where user_id = ${user.id} and external_order_id = 'order-1' and item_id is null) as sales`);
    expect(rowsOf(left)[0]).toEqual({ listings: 0, photos: 0, sales: 1 });
  });

  it('an insert of many rows touches each parent item by one trigger call per statement, not one per row (decision 168)', async () => {
    const [a, b] = [await createItem(t.app, user.cookie), await createItem(t.app, user.cookie)];
    const both = () =>
      db().execute(sql`insert into channel_listings (item_id, user_id, channel, status)
        values (${a.id}, ${user.id}, 'poshmark', 'draft'), (${b.id}, ${user.id}, 'poshmark', 'draft')`);
    const before = [await updatedAtOf(a.id), await updatedAtOf(b.id)];
    await both();
    expect((await updatedAtOf(a.id)) > before[0]!).toBe(true);
    expect((await updatedAtOf(b.id)) > before[1]!).toBe(true);
    // The insert triggers of the tables a past-sales batch writes are statement triggers over their new rows.
    const insertTriggers = rowsOf<{ table: string; name: string; per_row: boolean }>(
      await db().execute(sql`
        select c.relname as table, t.tgname as name, (t.tgtype & 1) = 1 as per_row from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        where c.relname in ('items', 'channel_listings', 'sales') and not t.tgisinternal and (t.tgtype & 4) = 4
        order by 1, 2`),
    );
    expect(insertTriggers.length).toBeGreaterThanOrEqual(4);
    expect(insertTriggers.filter((trigger) => trigger.per_row)).toEqual([]);
  });
});
