import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ebayOffersRoutes,
  itemOfferResponse,
  offerPercentQuery,
  offerResult,
  offerResults,
  offerRule,
  sendAllBody,
  sendOfferBody,
} from '@shared/contracts/ebay-offers';
import { itemIdParams } from '@shared/contracts/items';
import { currentUser } from '../../../auth/session';
import type { EbayOffersService } from './service';
import { offerResultWire } from './wire';
import { routeDoc } from '../../../http/route-doc';

/** Offers to interested buyers on eBay (decision 087). Signed-in scope; another seller's item answers 404. */
export async function ebayOffersRoutesPlugin(app: FastifyInstance, deps: { offers: EbayOffersService }) {
  const { offers } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['ebay']);

  typed.get(
    ebayOffersRoutes.rule,
    doc('The seller’s automatic offer rule: on or off, percent off, after how many days listed', { response: { 200: offerRule } }),
    async (request) => offers.rule(currentUser(request).id),
  );

  typed.put(
    ebayOffersRoutes.rule,
    doc('Sets the seller’s automatic offer rule (runs daily)', { body: offerRule, response: { 200: offerRule } }),
    async (request) => offers.setRule(currentUser(request).id, request.body),
  );

  typed.get(
    ebayOffersRoutes.item,
    doc(
      'The offer at a percent off on the item’s eBay listing: its price and profit (never under the floor), or why none; and the offers sent',
      { params: itemIdParams, querystring: offerPercentQuery, response: { 200: itemOfferResponse } },
    ),
    async (request) => offers.itemOffer(currentUser(request).id, request.params.id, request.query.percent),
  );

  typed.post(
    ebayOffersRoutes.item,
    doc(
      'Sends the offer to the interested buyers of the item’s eBay listing: at a percent off (raised to the floor), or at a typed price (refused under the floor)',
      { params: itemIdParams, body: sendOfferBody, response: { 200: offerResult } },
    ),
    async (request) => offerResultWire(await offers.sendForItem(currentUser(request).id, request.params.id, request.body)),
  );

  typed.post(
    ebayOffersRoutes.sendAll,
    doc('Sends offers to every listing with interested buyers', { body: sendAllBody, response: { 200: offerResults } }),
    async (request) => ({ results: (await offers.sendToAllEligible(currentUser(request).id, request.body.percent)).map(offerResultWire) }),
  );
}
