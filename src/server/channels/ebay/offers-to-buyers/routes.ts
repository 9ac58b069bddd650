import type { FastifyInstance } from 'fastify';
import { ebayOffersApi } from '@shared/contracts/ebay-offers';
import type { EbayOffersService } from './service';
import { offerResultWire } from './wire';
import { serveSellerTable } from '../../../http/seller-routes';

/** Offers to interested buyers on eBay (decision 087). Signed-in scope; another seller's item answers 404. */
export async function ebayOffersRoutesPlugin(app: FastifyInstance, deps: { offers: EbayOffersService }) {
  const { offers } = deps;
  serveSellerTable(app, ['ebay'], ebayOffersApi, {
    rule: ({ seller }) => offers.rule(seller),
    setRule: ({ seller, body }) => offers.setRule(seller, body),
    itemOffer: ({ seller, params, query }) => offers.itemOffer(seller, params.id, query.percent),
    sendForItem: async ({ seller, params, body }) => offerResultWire(await offers.sendForItem(seller, params.id, body)),
    sendAll: async ({ seller, body }) => ({ results: (await offers.sendToAllEligible(seller, body.percent)).map(offerResultWire) }),
  });
}
