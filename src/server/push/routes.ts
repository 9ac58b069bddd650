import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushKeyResponse, pushRoutes, pushSubscriptionBody, pushSubscriptionsResponse, pushUnsubscribeBody } from '@shared/contracts/push';
import type { WebPush } from './web-push';
import { routeDoc } from '../http/route-doc';
import { sellerRoutes } from '../http/seller-routes';

const doc = routeDoc(['push']);

/** Phone notifications (decision 084): the VAPID public key, and the seller's devices' subscriptions. */
export async function pushRoutesPlugin(app: FastifyInstance, deps: { push: WebPush }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const route = sellerRoutes(app, ['push']);

  typed.get(
    pushRoutes.key,
    doc("The server's VAPID public key (applicationServerKey)", { response: { 200: pushKeyResponse } }),
    async () => ({ publicKey: await deps.push.publicKey() }),
  );

  route.get(
    pushRoutes.subscriptions,
    'How many of the seller’s devices get phone notifications',
    { response: { 200: pushSubscriptionsResponse } },
    async ({ seller }) => ({ devices: await deps.push.devicesOf(seller) }),
  );

  route.post(
    pushRoutes.subscriptions,
    'Keeps this device’s push subscription (PushSubscription.toJSON()) for the seller',
    { body: pushSubscriptionBody, response: { 201: pushSubscriptionsResponse } },
    async ({ seller, body, reply }) => {
      await deps.push.subscribe(seller, body);
      return reply.status(201).send({ devices: await deps.push.devicesOf(seller) });
    },
  );

  route.delete(
    pushRoutes.subscriptions,
    'Turns phone notifications off for this device',
    { body: pushUnsubscribeBody, response: { 200: pushSubscriptionsResponse } },
    async ({ seller, body }) => {
      await deps.push.unsubscribe(seller, body.endpoint);
      return { devices: await deps.push.devicesOf(seller) };
    },
  );
}
