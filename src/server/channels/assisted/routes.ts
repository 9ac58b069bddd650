import type { FastifyInstance } from 'fastify';
import {
  answersBody,
  assistedMessages,
  assistedRoutes,
  channelNameParams,
  handoverResponse,
  itemChannelParams,
  listedBody,
  priceRule,
  priceRulesResponse,
} from '@shared/contracts/assisted';
import { channels, type Channel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { PriceRules } from '../../price-rules/price-rules';
import type { AssistedListings } from './service';
import { sellerRoutes } from '../../http/seller-routes';

const isChannel = (name: string): name is Channel => (channels as readonly string[]).includes(name);

/** The assisted channels' routes (signed-in scope) and every channel's price rule. */
export async function assistedRoutesPlugin(app: FastifyInstance, deps: { assisted: AssistedListings; priceRules: PriceRules }) {
  const route = sellerRoutes(app, ['assisted']);
  const onItemChannel = { params: itemChannelParams, response: { 200: handoverResponse } };

  route.get(
    assistedRoutes.handover,
    "The item's listing in the marketplace's words, its price after the seller's rule, and its photos",
    onItemChannel,
    ({ seller, params }) => deps.assisted.handover(seller, params.id, params.channel),
  );
  route.post(
    assistedRoutes.prepare,
    "Prepares the item's listing on the marketplace (a draft; a second call finds it)",
    onItemChannel,
    ({ seller, params }) => deps.assisted.prepare(seller, params.id, params.channel),
  );
  route.put(
    assistedRoutes.answers,
    'The seller’s answers where the app cannot map size, condition or category',
    { ...onItemChannel, body: answersBody },
    ({ seller, params, body }) => deps.assisted.answer(seller, params.id, params.channel, body),
  );
  route.post(
    assistedRoutes.listed,
    'Records that the seller listed the item there (with its URL, or without)',
    { ...onItemChannel, body: listedBody },
    ({ seller, params, body }) => deps.assisted.listed(seller, params.id, params.channel, body.url),
  );
  route.post(assistedRoutes.unlist, 'Undoes the record: the item was not listed there after all', onItemChannel, ({ seller, params }) =>
    deps.assisted.unlist(seller, params.id, params.channel),
  );

  route.get(
    assistedRoutes.priceRules,
    "The seller's price rule per channel",
    { response: { 200: priceRulesResponse } },
    async ({ seller }) => ({ rules: await deps.priceRules.all(seller) }),
  );
  route.put(
    assistedRoutes.priceRule,
    "Sets the seller's price rule for the channel (a percent, and rounding to .99 or whole)",
    { params: channelNameParams, body: priceRule, response: { 200: priceRule } },
    ({ seller, params, body }) => {
      const { channel } = params;
      if (!isChannel(channel)) throw new AppError('NOT_FOUND', assistedMessages.unknownChannel);
      return deps.priceRules.set(seller, channel, body);
    },
  );
}
