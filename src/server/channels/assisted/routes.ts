import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { currentUser } from '../../auth/session';
import type { PriceRules } from '../../price-rules/price-rules';
import type { AssistedListings } from './service';
import { routeDoc } from '../../http/route-doc';

const assistedDoc = routeDoc(['assisted']);

const isChannel = (name: string): name is Channel => (channels as readonly string[]).includes(name);

/** The assisted channels' routes (signed-in scope) and every channel's price rule. */
export async function assistedRoutesPlugin(app: FastifyInstance, deps: { assisted: AssistedListings; priceRules: PriceRules }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = (summary: string) => ({ tags: ['assisted'], summary, params: itemChannelParams, response: { 200: handoverResponse } });

  typed.get(
    assistedRoutes.handover,
    { schema: schema("The item's listing in the marketplace's words, its price after the seller's rule, and its photos") },
    async (request) => deps.assisted.handover(currentUser(request).id, request.params.id, request.params.channel),
  );
  typed.post(
    assistedRoutes.prepare,
    { schema: schema("Prepares the item's listing on the marketplace (a draft; a second call finds it)") },
    async (request) => deps.assisted.prepare(currentUser(request).id, request.params.id, request.params.channel),
  );
  typed.put(
    assistedRoutes.answers,
    { schema: { ...schema('The seller’s answers where the app cannot map size, condition or category'), body: answersBody } },
    async (request) => deps.assisted.answer(currentUser(request).id, request.params.id, request.params.channel, request.body),
  );
  typed.post(
    assistedRoutes.listed,
    { schema: { ...schema('Records that the seller listed the item there (with its URL, or without)'), body: listedBody } },
    async (request) => deps.assisted.listed(currentUser(request).id, request.params.id, request.params.channel, request.body.url),
  );
  typed.post(assistedRoutes.unlist, { schema: schema('Undoes the record: the item was not listed there after all') }, async (request) =>
    deps.assisted.unlist(currentUser(request).id, request.params.id, request.params.channel),
  );

  typed.get(
    assistedRoutes.priceRules,
    assistedDoc("The seller's price rule per channel", { response: { 200: priceRulesResponse } }),
    async (request) => ({ rules: await deps.priceRules.all(currentUser(request).id) }),
  );
  typed.put(
    assistedRoutes.priceRule,
    assistedDoc("Sets the seller's price rule for the channel (a percent, and rounding to .99 or whole)", {
      params: channelNameParams,
      body: priceRule,
      response: { 200: priceRule },
    }),
    async (request) => {
      const { channel } = request.params;
      if (!isChannel(channel)) throw new AppError('NOT_FOUND', assistedMessages.unknownChannel);
      return deps.priceRules.set(currentUser(request).id, channel, request.body);
    },
  );
}
