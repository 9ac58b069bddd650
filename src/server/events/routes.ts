import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { eventsRoutes, streamReadyEvent, type AppEvent } from '@shared/contracts/events';
import { currentUser } from '../auth/session';
import type { EventService } from './service';

export interface EventRouteOptions {
  events: EventService;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
}

/** One SSE block: the event name is the event's type, the data the whole event. */
const sseBlock = (event: AppEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * GET /api/events: server-sent events of the signed-in user (see src/shared/contracts/events.ts). A user holding
 * the per-process maximum of open streams gets 429. Signed-in scope only.
 */
export async function eventRoutesPlugin(app: FastifyInstance, options: EventRouteOptions) {
  const { events } = options;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const open = new Set<ServerResponse>();

  // An open stream would keep app.close() waiting for the browser: end them first.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get(
    eventsRoutes.stream,
    {
      schema: {
        tags: ['events'],
        summary: 'Server-sent events of the user’s items and their listings (text/event-stream); 429 past the open-stream cap',
      },
    },
    async (request, reply) => {
      const res = reply.raw;
      const stream = await events.open(currentUser(request).id, (event) => {
        if (!res.writableEnded) res.write(sseBlock(event));
      });
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(request.id),
      });
      res.write(`retry: 3000\n\nevent: ${streamReadyEvent}\ndata: {}\n\n`);
      open.add(res);
      const beat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
      const close = () => {
        clearInterval(beat);
        stream.close();
        open.delete(res);
      };
      request.raw.on('close', close);
      res.on('close', close);
      if (res.destroyed) close();
    },
  );
}
