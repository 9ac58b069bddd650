import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { excludedOf, matching } from './matching';
import { pushSubscriptions, user } from './schema';
import { openTestDatabase } from '../test/test-database';

describe('matching and excludedOf', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(user).values([
      { id: 'seller-a', name: 'A', email: 'a@example.com' },
      { id: 'seller-b', name: 'B', email: 'b@example.com' },
    ]);
    await database.db.insert(pushSubscriptions).values([
      { userId: 'seller-a', endpoint: 'https://push.example/a', p256dh: 'pa', auth: 'aa' },
      { userId: 'seller-b', endpoint: 'https://push.example/b', p256dh: 'pb', auth: 'ab' },
    ]);
  });
  afterAll(() => database.close());

  it('finds the rows equal to every value given, and only the seller’s own', async () => {
    const { db } = database;
    const own = await db
      .select()
      .from(pushSubscriptions)
      .where(matching(pushSubscriptions, { userId: 'seller-a' }));
    expect(own.map((row) => row.endpoint)).toEqual(['https://push.example/a']);
    const other = await db
      .select()
      .from(pushSubscriptions)
      .where(matching(pushSubscriptions, { userId: 'seller-a', endpoint: 'https://push.example/b' }));
    expect(other).toEqual([]);
  });

  it('throws on a value left undefined rather than drop the condition (an unset seller never widens a query)', () => {
    const userId = undefined as unknown as string;
    expect(() => matching(pushSubscriptions, { userId, endpoint: 'https://push.example/a' })).toThrow(/no value for userId/);
    expect(() => matching(pushSubscriptions, {})).toThrow(/no condition/);
  });

  it('sets an upsert’s columns from the proposed row, each by its column name', async () => {
    const { db } = database;
    await db
      .insert(pushSubscriptions)
      .values({ userId: 'seller-a', endpoint: 'https://push.example/a', p256dh: 'new key', auth: 'new auth' })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: excludedOf(pushSubscriptions, ['p256dh', 'auth']) });
    const [row] = await db
      .select()
      .from(pushSubscriptions)
      .where(matching(pushSubscriptions, { endpoint: 'https://push.example/a' }));
    expect(row).toMatchObject({ userId: 'seller-a', p256dh: 'new key', auth: 'new auth' });
  });
});
