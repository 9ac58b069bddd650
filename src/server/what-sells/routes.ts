import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { currentUser } from '../auth/session';
import type { PastSalesImports } from './marketplace-import';
import type { WhatSellsService } from './service';
import { routeDoc } from '../http/route-doc';

/** "What sells" (decision 149): the signed-in seller's groups, as JSON and CSV, and their minutes per item. */
export async function whatSellsRoutesPlugin(
  app: FastifyInstance,
  deps: { whatSells: WhatSellsService; pastSalesImports: PastSalesImports },
) {
  const { whatSells, pastSalesImports } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profit'];
  const doc = routeDoc(tags);

  typed.get(
    whatSellsRoutes.groups,
    doc('Listed and sold items by brand, category, size, source, marketplace or price band: profit per hour, days to sale', {
      querystring: whatSellsQuery,
      response: { 200: whatSellsResponse },
    }),
    async (request) => whatSells.groups(currentUser(request).id, request.query.by),
  );

  typed.get(
    whatSellsRoutes.csv,
    doc('The What sells table as a CSV file', { querystring: whatSellsQuery, response: { 200: z.string() } }),
    async (request, reply) => {
      const body = await whatSells.csv(currentUser(request).id, request.query.by);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="what-sells-${request.query.by}-${day}.csv"`)
        .send(body);
    },
  );

  typed.get(
    whatSellsRoutes.sellerTime,
    doc('The seller’s minutes per item: their own, else the estimate', { response: { 200: sellerTimeSchema } }),
    async (request) => whatSells.sellerTime(currentUser(request).id),
  );

  typed.put(
    whatSellsRoutes.sellerTime,
    doc('Sets the seller’s own minutes per item (null: the estimate)', { body: sellerTimeBody, response: { 200: sellerTimeSchema } }),
    async (request) => whatSells.setSellerTime(currentUser(request).id, request.body),
  );

  typed.get(
    whatSellsRoutes.withoutCost,
    doc('The seller’s sold items with no cost (left out of profit), newest sale first, a page at a time', {
      querystring: soldWithoutCostQuery,
      response: { 200: soldWithoutCostResponse },
    }),
    async (request) => whatSells.soldWithoutCost(currentUser(request).id, request.query),
  );

  typed.post(
    whatSellsRoutes.pastSales,
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Imports a spreadsheet of past sales (CSV): each row once; nothing while a row has a problem; a file over one batch is written by a job (its progress answered)',
        body: pastSalesBody,
        response: { 200: pastSalesResponse },
      },
    },
    async (request) => whatSells.importPastSales(currentUser(request).id, request.body.csv, request.body.locale),
  );

  typed.get(
    whatSellsRoutes.pastSalesFile,
    doc('A spreadsheet of past sales being written by its job: how far it got, and its result (another seller’s: 404)', {
      params: z.object({ id: z.uuid() }),
      response: { 200: pastSalesFileResponse },
    }),
    async (request) => ({ import: await whatSells.fileImport(currentUser(request).id, request.params.id) }),
  );

  typed.get(
    pastSalesImportRoutes.imports,
    doc('The connected marketplaces past sales can be imported from, how far back each reads, and each one’s latest import', {
      response: { 200: pastSalesSourcesResponse },
    }),
    async (request) => ({ sources: await pastSalesImports.sources(currentUser(request).id) }),
  );

  typed.post(
    pastSalesImportRoutes.imports,
    doc('Imports the past sales of a connected marketplace (a job): each order line once; answers the running import', {
      body: startPastSalesImportBody,
      response: { 202: pastSalesImportResponse },
    }),
    async (request, reply) =>
      reply.status(202).send({ import: await pastSalesImports.start(currentUser(request).id, request.body.channel) }),
  );

  typed.get(
    pastSalesImportRoutes.one,
    doc('One import of past sales: its progress and result (another seller’s: 404)', {
      params: z.object({ id: z.uuid() }),
      response: { 200: pastSalesImportResponse },
    }),
    async (request) => ({ import: await pastSalesImports.get(currentUser(request).id, request.params.id) }),
  );
}
