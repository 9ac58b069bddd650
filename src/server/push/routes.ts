import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushKeyResponse, pushRoutes, pushSubscriptionBody, pushSubscriptionsResponse, pushUnsubscribeBody } from '@shared/contracts/push';
import { currentUser } from '../auth/session';
import type { WebPush } from './web-push';
import { routeDoc } from '../http/route-doc';

const doc = routeDoc(['push']);

/** Phone notifications (decision 084): the VAPID public key, and the seller's devices' subscriptions. */
export async function pushRoutesPlugin(app: FastifyInstance, deps: { push: WebPush }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    pushRoutes.key,
    doc("The server's VAPID public key (applicationServerKey)", { response: { 200: pushKeyResponse } }),
    async () => ({ publicKey: await deps.push.publicKey() }),
  );

  typed.get(
    pushRoutes.subscriptions,
    doc('How many of the seller’s devices get phone notifications', { response: { 200: pushSubscriptionsResponse } }),
    async (request) => ({ devices: await deps.push.devicesOf(currentUser(request).id) }),
  );

  typed.post(
    pushRoutes.subscriptions,
    doc('Keeps this device’s push subscription (PushSubscription.toJSON()) for the seller', {
      body: pushSubscriptionBody,
      response: { 201: pushSubscriptionsResponse },
    }),
    async (request, reply) => {
      const userId = currentUser(request).id;
      await deps.push.subscribe(userId, request.body);
      return reply.status(201).send({ devices: await deps.push.devicesOf(userId) });
    },
  );

  typed.delete(
    pushRoutes.subscriptions,
    doc('Turns phone notifications off for this device', { body: pushUnsubscribeBody, response: { 200: pushSubscriptionsResponse } }),
    async (request) => {
      const userId = currentUser(request).id;
      await deps.push.unsubscribe(userId, request.body.endpoint);
      return { devices: await deps.push.devicesOf(userId) };
    },
  );
}
