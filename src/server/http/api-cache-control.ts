import type { FastifyInstance } from 'fastify';

/**
 * API answers carry one user's data: no shared or browser cache keeps them (a shared computer's back button, a
 * proxy). Routes that choose their own caching (signed files) keep it.
 */
export function registerApiNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
