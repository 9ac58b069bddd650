import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  etsyAnswersBody,
  etsyProcessingSwitchBody,
  etsyProcessingSwitchResponse,
  etsyAnswersResponse,
  etsyConnectionResponse,
  etsyPaths,
  etsyPreflightResponse,
  etsyPublishBody,
  etsyShopSetupBody,
} from '@shared/contracts/etsy';
import { bulkPublishResponse } from '@shared/contracts/publish';
import { text } from '@shared/contracts/text';
import { AppError } from '@shared/errors';
import { currentUser } from '../../auth/session';
import type { EtsyAccountService } from './account/service';
import { EtsyApiError, EtsyUnreachableError } from './api/etsy-errors';
import type { EtsyMarketplace } from './marketplace';
import { routeDoc } from '../../http/route-doc';

const idParams = z.object({ id: text().max(64) });
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The Etsy routes (signed-in scope): its shop's details, shop setup, answers, publish. Connecting and disconnecting go
 * through /api/channels/etsy/... (decision 094).
 */
export async function etsyRoutesPlugin(app: FastifyInstance, deps: { etsy: EtsyAccountService; marketplace: EtsyMarketplace }) {
  const { etsy, marketplace } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['etsy']);

  typed.get(
    etsyPaths.connection,
    doc('The seller’s Etsy shop and its setup (never the tokens)', { response: { 200: etsyConnectionResponse } }),
    async (request) => etsy.getConnection(currentUser(request).id),
  );

  typed.post(
    etsyPaths.shopSetup,
    doc('Creates the shop’s missing shipping profile and return policy (what exists stays)', {
      body: etsyShopSetupBody,
      response: { 200: etsyConnectionResponse },
    }),
    async (request) => {
      try {
        return await etsy.setUpShop(currentUser(request).id, request.body);
      } catch (err) {
        if (err instanceof EtsyApiError && !err.retryable) throw new AppError('UNPROCESSABLE', `Etsy refused: ${err.etsyMessage}`);
        if (err instanceof EtsyApiError || err instanceof EtsyUnreachableError)
          throw new AppError('UNAVAILABLE', 'Etsy cannot be reached right now. Please try again in a few minutes.');
        throw err;
      }
    },
  );

  typed.post(
    etsyPaths.publish,
    doc('Queues a publish of each item on Etsy (Marketplace.requestPublish); refusals say why', {
      body: etsyPublishBody,
      response: { 200: bulkPublishResponse },
    }),
    async (request) => {
      const { itemIds } = request.body;
      if (!itemIds.every(isUuid)) throw new AppError('NOT_FOUND', 'Item not found');
      return marketplace.requestPublish(currentUser(request).id, itemIds);
    },
  );

  typed.put(
    etsyPaths.itemAnswers,
    doc('The seller’s answer for Etsy: when the item was made (never assumed)', {
      params: idParams,
      body: etsyAnswersBody,
      response: { 200: etsyAnswersResponse },
    }),
    async (request) => {
      if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND', 'Item not found');
      await marketplace.saveWhenMade(currentUser(request).id, request.params.id, request.body.whenMade);
      return { itemId: request.params.id, whenMade: request.body.whenMade };
    },
  );

  typed.get(
    etsyPaths.preflight,
    doc('Etsy’s rules checked against the item: each problem in words', { params: idParams, response: { 200: etsyPreflightResponse } }),
    async (request) => {
      if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND', 'Item not found');
      const result = await marketplace.preflightOf(currentUser(request).id, request.params.id);
      return {
        itemId: result.itemId,
        checked: result.checked,
        unavailable: result.unavailable,
        problems: result.problems.map((p) => ({ field: p.field, message: p.message })),
        whenMade: result.whenMade,
        taxonomy: result.taxonomy,
        processingSwitch: result.processingSwitch,
      };
    },
  );

  typed.put(
    etsyPaths.processingSwitch,
    doc('The seller’s yes: the item’s Etsy listing moves onto the shop’s processing profile (Etsy cannot undo it)', {
      params: idParams,
      body: etsyProcessingSwitchBody,
      response: { 200: etsyProcessingSwitchResponse },
    }),
    async (request) => {
      if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND', 'Item not found');
      const switched = await marketplace.switchProcessingProfile(currentUser(request).id, request.params.id);
      return { itemId: request.params.id, switched };
    },
  );
}
