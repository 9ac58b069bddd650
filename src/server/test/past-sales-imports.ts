import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PastSalesImport } from '@shared/contracts/past-sales-imports';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { WorkerPool } from '../jobs/worker-pool';
import { drain } from './listings';
import type { TestUser } from './test-app';

/**
 * Starts the seller's import of past sales from `channel` through the route and runs the queue until it is over. A
 * loaded machine can make a marketplace call time out: the job then waits out "unreachable" as in production, due a
 * few seconds later, and is run again once due (at most five times).
 */
export async function importPastSales(
  { app, db, pool }: { app: FastifyInstance; db: Db; pool: WorkerPool },
  user: TestUser,
  channel: string,
): Promise<PastSalesImport> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/what-sells/past-sales/imports',
    payload: { channel },
    headers: { cookie: user.cookie },
  });
  expect(started.statusCode, started.body).toBe(202);
  const { id } = (started.json() as { import: PastSalesImport }).import;
  for (let round = 0; ; round += 1) {
    await drain(pool, 200);
    const answer = await app.inject({ method: 'GET', url: `/api/what-sells/past-sales/imports/${id}`, headers: { cookie: user.cookie } });
    expect(answer.statusCode).toBe(200);
    const view = (answer.json() as { import: PastSalesImport }).import;
    if (view.status !== 'running' || round === 5) return view;
    const [waiting] = await db
      .select({ runAfter: jobs.runAfter })
      .from(jobs)
      .where(and(eq(jobs.userId, user.id), eq(jobs.kind, 'import-past-sales'), eq(jobs.status, 'pending')));
    if (!waiting) return view;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, waiting.runAfter.getTime() - Date.now())));
  }
}
