import type { FastifyInstance } from 'fastify';
import { whatSellsApi } from '@shared/contracts/what-sells';
import { pastSalesImportsApi } from '@shared/contracts/past-sales-imports';
import type { PastSalesImports } from './marketplace-import';
import type { WhatSellsService } from './service';
import { serveSellerTable } from '../http/seller-routes';
import { sendCsvFile } from '../http/csv-cells';

/** "What sells" (decision 149): the signed-in seller's groups, as JSON and CSV, and their minutes per item. */
export async function whatSellsRoutesPlugin(
  app: FastifyInstance,
  deps: { whatSells: WhatSellsService; pastSalesImports: PastSalesImports },
) {
  const { whatSells, pastSalesImports } = deps;
  serveSellerTable(app, ['profit'], whatSellsApi, {
    groups: ({ seller, query }) => whatSells.groups(seller, query.by),
    csv: async ({ seller, query, reply }) => sendCsvFile(reply, `what-sells-${query.by}`, await whatSells.csv(seller, query.by)),
    sellerTime: ({ seller }) => whatSells.sellerTime(seller),
    saveSellerTime: ({ seller, body }) => whatSells.setSellerTime(seller, body),
    withoutCost: ({ seller, query }) => whatSells.soldWithoutCost(seller, query),
    importPastSales: ({ seller, body }) => whatSells.importPastSales(seller, body.csv, body.locale),
    pastSalesFile: async ({ seller, params }) => ({ import: await whatSells.fileImport(seller, params.id) }),
  });
  serveSellerTable(app, ['profit'], pastSalesImportsApi, {
    sources: async ({ seller }) => ({ sources: await pastSalesImports.sources(seller) }),
    start: async ({ seller, body, reply }) => reply.status(202).send({ import: await pastSalesImports.start(seller, body.channel) }),
    one: async ({ seller, params }) => ({ import: await pastSalesImports.get(seller, params.id) }),
  });
}
