import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { providerPacing } from '../db/schema';

export type ProviderPacingRow = typeof providerPacing.$inferSelect;
export type ProviderPacingState = Omit<ProviderPacingRow, 'key'>;

/**
 * One step of the provider's shared pacing (decision 026), in one transaction: its `provider_pacing` row locked (an
 * upsert), `step` run on it, and the row written back with the state it answers.
 */
export async function stepProviderPacing<T>(
  db: Db,
  key: string,
  step: (state: ProviderPacingState) => { state: ProviderPacingState; result: T },
): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(providerPacing)
      .values({ key })
      .onConflictDoUpdate({ target: providerPacing.key, set: { key: sql`excluded.key` } })
      .returning();
    if (!row) throw new Error(`provider_pacing row ${key} not returned`);
    const { key: _key, ...state } = row;
    const next = step(state);
    await tx.update(providerPacing).set(next.state).where(eq(providerPacing.key, key));
    return next.result;
  });
}
