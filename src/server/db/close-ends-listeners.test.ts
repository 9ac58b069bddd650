import { describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/test-database';

/**
 * A LISTEN keeps a connection of its own outside the pool, opened again whenever it is lost. Closing the database ends
 * it: a test file that closed (and dropped) its database with its events service still open left one retrying every
 * 30 s for the rest of the run ("events: LISTEN connection lost ... does not exist", 16 times in one CI run).
 */
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres' || !process.env.TEST_DATABASE_URL)('closing a database', () => {
  it('ends its LISTEN connections: nothing tries again once it is closed and dropped', async () => {
    const database = await openTestDatabase();
    const handlers = { onNotify: vi.fn(), onReconnect: vi.fn(), onLost: vi.fn(), onError: vi.fn() };
    await database.listen!('close_ends_listeners', handlers);
    await database.close();
    // Past the first retry (500 ms) and the one after it: a listener left open would have tried by now.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(handlers.onError).not.toHaveBeenCalled();
    expect(handlers.onReconnect).not.toHaveBeenCalled();
  });
});
