import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ListingChange } from '@shared/domain/channel-listing';
import { listingChangeResponse, listingChangeRoutes, listingParams } from '@shared/contracts/listing-changes';
import { currentUser } from '../auth/session';
import type { ListingChanges } from './listing-changes';

const summaries: Record<ListingChange, string> = {
  revise: "Send the item's price, quantity, text, aspects and photos to its live listing on the channel (saves do this already)",
  end: 'End the live listing on the channel; it is kept there so it can be relisted',
  relist: 'Put the ended listing on the channel up again, with the item as it is now',
};

/** Revise, end and relist a listing: each answers 202 at once, the listing's progress follows on the event stream. */
export async function listingChangeRoutesPlugin(app: FastifyInstance, deps: { listingChanges: ListingChanges }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const change of ['revise', 'end', 'relist'] as const) {
    typed.post(
      listingChangeRoutes[change],
      {
        schema: {
          tags: ['listings'],
          summary: summaries[change],
          params: listingParams,
          response: { 202: listingChangeResponse },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await deps.listingChanges.request(currentUser(request).id, request.params.id, request.params.channel, change)),
    );
  }
}
