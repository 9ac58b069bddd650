import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  autopilotAsksQuery,
  autopilotAsksResponse,
  autopilotContinueBody,
  autopilotControlBody,
  autopilotItemsBody,
  autopilotItemsResponse,
  autopilotRoutes,
  autopilotRunResponse,
  autopilotSettingsBody,
  autopilotSettingsResponse,
} from '@shared/contracts/autopilot';
import { itemIdParams } from '@shared/contracts/items';
import { currentUser } from '../auth/session';
import type { AutopilotService } from './service';
import { routeDoc } from '../http/route-doc';

const doc = routeDoc(['autopilot']);

/** Autopilot, "Publish when ready" (decision 054). */
export async function autopilotRoutesPlugin(app: FastifyInstance, deps: { autopilot: AutopilotService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { autopilot } = deps;

  typed.get(
    autopilotRoutes.settings,
    doc('The autopilot’s default for new products', { response: { 200: autopilotSettingsResponse } }),
    async (request) => autopilot.settings(currentUser(request).id),
  );

  typed.put(
    autopilotRoutes.settings,
    doc('Sets the default: new products go on autopilot with these channels and this price rule when enabled', {
      body: autopilotSettingsBody,
      response: { 200: autopilotSettingsResponse },
    }),
    async (request) => autopilot.saveSettings(currentUser(request).id, request.body),
  );

  typed.get(
    autopilotRoutes.run,
    doc('The current run: live, waiting for you, failed and moving, with the review queue', { response: { 200: autopilotRunResponse } }),
    async (request) => autopilot.run(currentUser(request).id),
  );

  typed.post(
    autopilotRoutes.control,
    doc('Pauses, resumes or stops the autopilot', { body: autopilotControlBody, response: { 204: z.null() } }),
    async (request, reply) => {
      await autopilot.control(currentUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    autopilotRoutes.items,
    doc('Puts products on autopilot with their channels and price rule', {
      body: autopilotItemsBody,
      response: { 200: autopilotItemsResponse },
    }),
    async (request) => autopilot.addItems(currentUser(request).id, request.body),
  );

  typed.post(
    autopilotRoutes.continue,
    doc('After a Quick Fix (or with the seller’s own price): the product is checked again and goes on', {
      params: itemIdParams,
      body: autopilotContinueBody,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await autopilot.continueItem(currentUser(request).id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    autopilotRoutes.asks,
    doc('What each chosen marketplace would ask of the product were it of this category (nothing is saved)', {
      params: itemIdParams,
      querystring: autopilotAsksQuery,
      response: { 200: autopilotAsksResponse },
    }),
    async (request) => autopilot.asks(currentUser(request).id, request.params.id, request.query.category, request.query.department),
  );

  typed.delete(
    autopilotRoutes.item,
    doc('Takes one product off autopilot', { params: itemIdParams, response: { 204: z.null() } }),
    async (request, reply) => {
      await autopilot.removeItem(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
