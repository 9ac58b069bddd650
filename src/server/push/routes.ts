import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushApi, pushKeyResponse, pushRoutes } from '@shared/contracts/push';
import type { WebPush } from './web-push';
import { routeDoc } from '../http/route-doc';
import { serveSellerTable } from '../http/seller-routes';

const doc = routeDoc(['push']);

/** Phone notifications (decision 084): the VAPID public key, and the seller's devices' subscriptions. */
export async function pushRoutesPlugin(app: FastifyInstance, deps: { push: WebPush }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    pushRoutes.key,
    doc("The server's VAPID public key (applicationServerKey)", { response: { 200: pushKeyResponse } }),
    async () => ({ publicKey: await deps.push.publicKey() }),
  );

  serveSellerTable(app, ['push'], pushApi, {
    devices: async ({ seller }) => ({ devices: await deps.push.devicesOf(seller) }),
    subscribe: async ({ seller, body, reply }) => {
      await deps.push.subscribe(seller, body);
      return reply.status(201).send({ devices: await deps.push.devicesOf(seller) });
    },
    unsubscribe: async ({ seller, body }) => {
      await deps.push.unsubscribe(seller, body.endpoint);
      return { devices: await deps.push.devicesOf(seller) };
    },
  });
}
