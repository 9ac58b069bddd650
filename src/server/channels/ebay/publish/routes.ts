import type { FastifyInstance } from 'fastify';
import { ebayPublishApi } from '@shared/contracts/ebay-publish';
import { itemReadinessApi } from '@shared/contracts/publish';
import type { ReadinessService } from './readiness-service';
import type { PublishService } from './service';
import { serveSellerTable } from '../../../http/seller-routes';

export interface PublishRouteDeps {
  publish: PublishService;
  readiness: ReadinessService;
}

/** Publishing to eBay, queued as a job. Signed-in scope only. */
export async function publishRoutesPlugin(app: FastifyInstance, deps: PublishRouteDeps) {
  const { publish, readiness } = deps;
  serveSellerTable(app, ['ebay'], ebayPublishApi, {
    publish: async ({ seller, params, body, reply }) => reply.status(202).send(await publish.requestPublish(seller, params.id, body)),
    saveSettings: ({ seller, params, body }) => publish.saveSettings(seller, params.id, body),
    bulk: async ({ seller, body, reply }) => reply.status(202).send(await publish.requestBulkPublish(seller, body.itemIds)),
  });
  serveSellerTable(app, ['ebay'], itemReadinessApi, {
    readiness: ({ seller, params }) => readiness.readiness(seller, params.id),
    quickFix: ({ seller, params, body }) => publish.quickFix(seller, params.id, body),
  });
}
