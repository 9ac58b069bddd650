import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  pastSalesBody,
  pastSalesFileResponse,
  pastSalesResponse,
  sellerTimeBody,
  sellerTimeSchema,
  soldWithoutCostQuery,
  soldWithoutCostResponse,
  whatSellsQuery,
  whatSellsResponse,
  whatSellsRoutes,
} from '@shared/contracts/what-sells';
import {
  pastSalesImportResponse,
  pastSalesImportRoutes,
  pastSalesSourcesResponse,
  startPastSalesImportBody,
} from '@shared/contracts/past-sales-imports';
import type { PastSalesImports } from './marketplace-import';
import type { WhatSellsService } from './service';
import { sellerRoutes } from '../http/seller-routes';
import { sendCsvFile } from '../http/csv-cells';

const importParams = z.object({ id: z.uuid() });

/** "What sells" (decision 149): the signed-in seller's groups, as JSON and CSV, and their minutes per item. */
export async function whatSellsRoutesPlugin(
  app: FastifyInstance,
  deps: { whatSells: WhatSellsService; pastSalesImports: PastSalesImports },
) {
  const { whatSells, pastSalesImports } = deps;
  const route = sellerRoutes(app, ['profit']);

  route.get(
    whatSellsRoutes.groups,
    'Listed and sold items by brand, category, size, source, marketplace or price band: profit per hour, days to sale',
    { querystring: whatSellsQuery, response: { 200: whatSellsResponse } },
    ({ seller, query }) => whatSells.groups(seller, query.by),
  );
  route.get(
    whatSellsRoutes.csv,
    'The What sells table as a CSV file',
    { querystring: whatSellsQuery, response: { 200: z.string() } },
    async ({ seller, query, reply }) => sendCsvFile(reply, `what-sells-${query.by}`, await whatSells.csv(seller, query.by)),
  );
  route.get(
    whatSellsRoutes.sellerTime,
    'The seller’s minutes per item: their own, else the estimate',
    { response: { 200: sellerTimeSchema } },
    ({ seller }) => whatSells.sellerTime(seller),
  );
  route.put(
    whatSellsRoutes.sellerTime,
    'Sets the seller’s own minutes per item (null: the estimate)',
    { body: sellerTimeBody, response: { 200: sellerTimeSchema } },
    ({ seller, body }) => whatSells.setSellerTime(seller, body),
  );
  route.get(
    whatSellsRoutes.withoutCost,
    'The seller’s sold items with no cost (left out of profit), newest sale first, a page at a time',
    { querystring: soldWithoutCostQuery, response: { 200: soldWithoutCostResponse } },
    ({ seller, query }) => whatSells.soldWithoutCost(seller, query),
  );
  route.post(
    whatSellsRoutes.pastSales,
    'Imports a spreadsheet of past sales (CSV): each row once; nothing while a row has a problem; a file over one batch is written by a job (its progress answered)',
    { body: pastSalesBody, response: { 200: pastSalesResponse } },
    ({ seller, body }) => whatSells.importPastSales(seller, body.csv, body.locale),
    { bodyLimit: 6 * 1024 * 1024 },
  );
  route.get(
    whatSellsRoutes.pastSalesFile,
    'A spreadsheet of past sales being written by its job: how far it got, and its result (another seller’s: 404)',
    { params: importParams, response: { 200: pastSalesFileResponse } },
    async ({ seller, params }) => ({ import: await whatSells.fileImport(seller, params.id) }),
  );
  route.get(
    pastSalesImportRoutes.imports,
    'The connected marketplaces past sales can be imported from, how far back each reads, and each one’s latest import',
    { response: { 200: pastSalesSourcesResponse } },
    async ({ seller }) => ({ sources: await pastSalesImports.sources(seller) }),
  );
  route.post(
    pastSalesImportRoutes.imports,
    'Imports the past sales of a connected marketplace (a job): each order line once; answers the running import',
    { body: startPastSalesImportBody, response: { 202: pastSalesImportResponse } },
    async ({ seller, body, reply }) => reply.status(202).send({ import: await pastSalesImports.start(seller, body.channel) }),
  );
  route.get(
    pastSalesImportRoutes.one,
    'One import of past sales: its progress and result (another seller’s: 404)',
    { params: importParams, response: { 200: pastSalesImportResponse } },
    async ({ seller, params }) => ({ import: await pastSalesImports.get(seller, params.id) }),
  );
}
