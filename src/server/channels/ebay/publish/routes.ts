import type { FastifyInstance } from 'fastify';
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
import type { ReadinessService } from './readiness-service';
import type { PublishService } from './service';
import { sellerRoutes } from '../../../http/seller-routes';

export interface PublishRouteDeps {
  publish: PublishService;
  readiness: ReadinessService;
}

/** Publishing to eBay, queued as a job. Signed-in scope only. */
export async function publishRoutesPlugin(app: FastifyInstance, deps: PublishRouteDeps) {
  const route = sellerRoutes(app, ['ebay']);
  route.post(
    publishRoutes.publish,
    'Publish one item to eBay with the publish form; answers at once (422 with the errors when readiness errors block it), the status follows on the event stream',
    { params: itemIdParams, body: publishBody, response: { 202: publishResponse } },
    async ({ seller, params, body, reply }) => reply.status(202).send(await deps.publish.requestPublish(seller, params.id, body)),
  );
  route.put(
    publishRoutes.settings,
    'Save Publish Settings without publishing: price and quantity for a later publish, the rest on the item',
    { params: itemIdParams, body: publishSettingsBody, response: { 200: publishSettingsResponse } },
    ({ seller, params, body }) => deps.publish.saveSettings(seller, params.id, body),
  );
  route.post(
    publishRoutes.bulk,
    'Publish many items with their saved price, quantity and category; answers at once',
    { body: bulkPublishBody, response: { 202: bulkPublishResponse } },
    async ({ seller, body, reply }) => reply.status(202).send(await deps.publish.requestBulkPublish(seller, body.itemIds)),
  );
  route.get(
    publishRoutes.readiness,
    "The item's readiness (errors, warnings, checklist, score) and, when eBay is connected, the pre-flight against eBay's rules",
    { params: itemIdParams, response: { 200: readinessResponse } },
    ({ seller, params }) => deps.readiness.readiness(seller, params.id),
  );
  route.patch(
    publishRoutes.quickFix,
    'Quick Fix: category, condition, eBay category id and the aspects eBay requires',
    { params: itemIdParams, body: quickFixBody, response: { 200: quickFixResponse } },
    ({ seller, params, body }) => deps.publish.quickFix(seller, params.id, body),
  );
}
