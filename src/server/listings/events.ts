import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { listingsRoutes, type ItemStatusEvent } from '../../shared/contracts/listings';
import { currentUser } from '../auth/session';
import type { Db } from '../db/client';
import * as repo from './repo';

export interface EventRouteOptions {
  db: Db;
  /** How often each connection asks the database for changes. */
  pollMs?: number;
  heartbeatMs?: number;
}

/**
 * A change committed just before a poll can carry an updated_at slightly older than the cursor (transactions, clocks
 * of other server processes), so each poll looks back this far and skips what it already sent.
 */
const LOOKBACK_MS = 5000;

/**
 * GET /api/events: server-sent events of the signed-in user's item status changes. Each connection polls one
 * indexed query (items changed since its cursor) about once a second, so it sees changes made by any server or
 * worker process on the same database; comment lines keep proxies from closing an idle stream.
 */
export async function eventRoutes(app: FastifyInstance, options: EventRouteOptions) {
  const { db } = options;
  const pollMs = options.pollMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const open = new Set<ServerResponse>();

  // An open stream would keep app.close() waiting for the browser: end them first.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get(listingsRoutes.events, { schema: { tags: ['listings'], summary: 'Server-sent events: item generation status changes (text/event-stream)' } }, async (request, reply) => {
    const userId = currentUser(request).id;
    let since = await repo.databaseNow(db);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    res.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    open.add(res);

    const sent = new Map<string, string>();
    let busy = false;
    const poll = async () => {
      if (busy || res.writableEnded) return;
      busy = true;
      try {
        const from = new Date(Date.parse(since) - LOOKBACK_MS).toISOString();
        for (const row of await repo.itemsChangedSince(db, userId, from)) {
          if (sent.get(row.id) === row.updatedAt) continue;
          sent.set(row.id, row.updatedAt);
          if (row.updatedAt > since) since = row.updatedAt;
          const event: ItemStatusEvent = {
            id: row.id,
            aiGenerationStatus: row.aiGenerationStatus as ItemStatusEvent['aiGenerationStatus'],
            aiGenerationError: row.aiGenerationError,
            listingReady: row.listingReady,
            updatedAt: row.updatedAt,
          };
          res.write(`event: item\ndata: ${JSON.stringify(event)}\n\n`);
        }
        for (const [id, at] of sent) if (at < from) sent.delete(id);
      } catch (err) {
        request.log.warn({ err }, 'events poll failed');
      } finally {
        busy = false;
      }
    };
    const pollTimer = setInterval(() => void poll(), pollMs);
    const beat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
    const close = () => {
      clearInterval(pollTimer);
      clearInterval(beat);
      open.delete(res);
    };
    request.raw.on('close', close);
    res.on('close', close);
  });
}
