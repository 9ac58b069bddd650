import type { FastifyInstance } from 'fastify';
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
import type { AutopilotService } from './service';
import { sellerRoutes } from '../http/seller-routes';

/** Autopilot, "Publish when ready" (decision 054). */
export async function autopilotRoutesPlugin(app: FastifyInstance, deps: { autopilot: AutopilotService }) {
  const route = sellerRoutes(app, ['autopilot']);
  const { autopilot } = deps;

  route.get(
    autopilotRoutes.settings,
    'The autopilot’s default for new products',
    { response: { 200: autopilotSettingsResponse } },
    ({ seller }) => autopilot.settings(seller),
  );
  route.put(
    autopilotRoutes.settings,
    'Sets the default: new products go on autopilot with these channels and this price rule when enabled',
    { body: autopilotSettingsBody, response: { 200: autopilotSettingsResponse } },
    ({ seller, body }) => autopilot.saveSettings(seller, body),
  );
  route.get(
    autopilotRoutes.run,
    'The current run: live, waiting for you, failed and moving, with the review queue',
    { response: { 200: autopilotRunResponse } },
    ({ seller }) => autopilot.run(seller),
  );
  route.post(
    autopilotRoutes.control,
    'Pauses, resumes or stops the autopilot',
    { body: autopilotControlBody, response: { 204: z.null() } },
    ({ seller, body }) => autopilot.control(seller, body),
  );
  route.post(
    autopilotRoutes.items,
    'Puts products on autopilot with their channels and price rule',
    { body: autopilotItemsBody, response: { 200: autopilotItemsResponse } },
    ({ seller, body }) => autopilot.addItems(seller, body),
  );
  route.post(
    autopilotRoutes.continue,
    'After a Quick Fix (or with the seller’s own price): the product is checked again and goes on',
    { params: itemIdParams, body: autopilotContinueBody, response: { 204: z.null() } },
    ({ seller, params, body }) => autopilot.continueItem(seller, params.id, body),
  );
  route.get(
    autopilotRoutes.asks,
    'What each chosen marketplace would ask of the product were it of this category (nothing is saved)',
    { params: itemIdParams, querystring: autopilotAsksQuery, response: { 200: autopilotAsksResponse } },
    ({ seller, params, query }) => autopilot.asks(seller, params.id, query.category, query.department),
  );
  route.delete(
    autopilotRoutes.item,
    'Takes one product off autopilot',
    { params: itemIdParams, response: { 204: z.null() } },
    ({ seller, params }) => autopilot.removeItem(seller, params.id),
  );
}
