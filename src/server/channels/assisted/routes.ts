import type { FastifyInstance } from 'fastify';
import { assistedApi, assistedMessages } from '@shared/contracts/assisted';
import { channels, type Channel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { PriceRules } from '../../price-rules/price-rules';
import type { AssistedListings } from './service';
import { serveSellerTable } from '../../http/seller-routes';

const isChannel = (name: string): name is Channel => (channels as readonly string[]).includes(name);

/** The assisted channels' routes (signed-in scope) and every channel's price rule. */
export async function assistedRoutesPlugin(app: FastifyInstance, deps: { assisted: AssistedListings; priceRules: PriceRules }) {
  const { assisted, priceRules } = deps;
  serveSellerTable(app, ['assisted'], assistedApi, {
    handover: ({ seller, params }) => assisted.handover(seller, params.id, params.channel),
    prepare: ({ seller, params }) => assisted.prepare(seller, params.id, params.channel),
    answer: ({ seller, params, body }) => assisted.answer(seller, params.id, params.channel, body),
    listed: ({ seller, params, body }) => assisted.listed(seller, params.id, params.channel, body.url),
    unlist: ({ seller, params }) => assisted.unlist(seller, params.id, params.channel),
    priceRules: async ({ seller }) => ({ rules: await priceRules.all(seller) }),
    setPriceRule: ({ seller, params, body }) => {
      const { channel } = params;
      if (!isChannel(channel)) throw new AppError('NOT_FOUND', assistedMessages.unknownChannel);
      return priceRules.set(seller, channel, body);
    },
  });
}
