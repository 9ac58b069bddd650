import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route saves what the marketplaces' checks read of the seller (route-table.ts, `rechecksWaiting`). */
    rechecksWaiting?: true;
  }
}

/**
 * A hook (onSend, signed-in scope): after a route marked `rechecksWaiting` goes through (a 2xx, or the redirect of a
 * browser's page such as Shopify's callback), the seller's products waiting in
 * review are checked again before the answer leaves, so the seller who set up what the queue asked finds it gone (or
 * the product live) when they look again. A failure to queue the checks is logged; the save stands.
 */
export function recheckWaitingAfterSetup(recheck: (userId: string) => Promise<void>, log: FastifyBaseLogger) {
  return async function rechecksWaiting(request: FastifyRequest, reply: FastifyReply) {
    if (!request.routeOptions.config?.rechecksWaiting || !request.user || reply.statusCode >= 400) return;
    try {
      await recheck(request.user.id);
    } catch (err) {
      log.error({ err, userId: request.user.id }, 'autopilot: could not check the waiting products again');
    }
  };
}
