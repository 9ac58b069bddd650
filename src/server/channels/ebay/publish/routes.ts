import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemIdParams } from '@shared/contracts/items';
import {
  bulkPublishBody,
  bulkPublishResponse,
  publishBody,
  publishResponse,
  publishRoutes,
  publishSettingsBody,
  publishSettingsResponse,
  quickFixBody,
  quickFixResponse,
  readinessResponse,
} from '@shared/contracts/publish';
import { currentUser } from '../../../auth/session';
import type { ReadinessService } from './readiness-service';
import type { PublishService } from './service';
import { routeDoc } from '../../../http/route-doc';

const ebayDoc = routeDoc(['ebay']);

export interface PublishRouteDeps {
  publish: PublishService;
  readiness: ReadinessService;
}

/** Publishing to eBay, queued as a job. Signed-in scope only. */
export async function publishRoutesPlugin(app: FastifyInstance, deps: PublishRouteDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    publishRoutes.publish,
    ebayDoc(
      'Publish one item to eBay with the publish form; answers at once (422 with the errors when readiness errors block it), the status follows on the event stream',
      { params: itemIdParams, body: publishBody, response: { 202: publishResponse } },
    ),
    async (request, reply) =>
      reply.status(202).send(await deps.publish.requestPublish(currentUser(request).id, request.params.id, request.body)),
  );
  typed.put(
    publishRoutes.settings,
    ebayDoc('Save Publish Settings without publishing: price and quantity for a later publish, the rest on the item', {
      params: itemIdParams,
      body: publishSettingsBody,
      response: { 200: publishSettingsResponse },
    }),
    async (request) => deps.publish.saveSettings(currentUser(request).id, request.params.id, request.body),
  );
  typed.post(
    publishRoutes.bulk,
    ebayDoc('Publish many items with their saved price, quantity and category; answers at once', {
      body: bulkPublishBody,
      response: { 202: bulkPublishResponse },
    }),
    async (request, reply) => reply.status(202).send(await deps.publish.requestBulkPublish(currentUser(request).id, request.body.itemIds)),
  );
  typed.get(
    publishRoutes.readiness,
    ebayDoc("The item's readiness (errors, warnings, checklist, score) and, when eBay is connected, the pre-flight against eBay's rules", {
      params: itemIdParams,
      response: { 200: readinessResponse },
    }),
    async (request) => deps.readiness.readiness(currentUser(request).id, request.params.id),
  );
  typed.patch(
    publishRoutes.quickFix,
    ebayDoc('Quick Fix: category, condition, eBay category id and the aspects eBay requires', {
      params: itemIdParams,
      body: quickFixBody,
      response: { 200: quickFixResponse },
    }),
    async (request) => deps.publish.quickFix(currentUser(request).id, request.params.id, request.body),
  );
}
