import type { FastifyInstance } from 'fastify';
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
import type { EbayOffersService } from './service';
import { offerResultWire } from './wire';
import { sellerRoutes } from '../../../http/seller-routes';

/** Offers to interested buyers on eBay (decision 087). Signed-in scope; another seller's item answers 404. */
export async function ebayOffersRoutesPlugin(app: FastifyInstance, deps: { offers: EbayOffersService }) {
  const { offers } = deps;
  const route = sellerRoutes(app, ['ebay']);
  route.get(
    ebayOffersRoutes.rule,
    'The seller’s automatic offer rule: on or off, percent off, after how many days listed',
    { response: { 200: offerRule } },
    ({ seller }) => offers.rule(seller),
  );

  route.put(
    ebayOffersRoutes.rule,
    'Sets the seller’s automatic offer rule (runs daily)',
    { body: offerRule, response: { 200: offerRule } },
    ({ seller, body }) => offers.setRule(seller, body),
  );

  route.get(
    ebayOffersRoutes.item,
    'The offer at a percent off on the item’s eBay listing: its price and profit (never under the floor), or why none; and the offers sent',
    { params: itemIdParams, querystring: offerPercentQuery, response: { 200: itemOfferResponse } },
    ({ seller, params, query }) => offers.itemOffer(seller, params.id, query.percent),
  );

  route.post(
    ebayOffersRoutes.item,
    'Sends the offer to the interested buyers of the item’s eBay listing: at a percent off (raised to the floor), or at a typed price (refused under the floor)',
    { params: itemIdParams, body: sendOfferBody, response: { 200: offerResult } },
    async ({ seller, params, body }) => offerResultWire(await offers.sendForItem(seller, params.id, body)),
  );

  route.post(
    ebayOffersRoutes.sendAll,
    'Sends offers to every listing with interested buyers',
    { body: sendAllBody, response: { 200: offerResults } },
    async ({ seller, body }) => ({ results: (await offers.sendToAllEligible(seller, body.percent)).map(offerResultWire) }),
  );
}
