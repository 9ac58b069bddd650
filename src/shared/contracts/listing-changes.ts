import { z } from 'zod';
import { apiChannels, listingChanges } from '../domain/channel-listing';
import { text } from './text';
import { pathsOf } from './route-paths';

/** Route patterns (server) of changing a live listing on one channel: revise, end, relist. */
export const listingChangeRoutes = {
  revise: '/api/items/:id/listings/:channel/revise',
  end: '/api/items/:id/listings/:channel/end',
  relist: '/api/items/:id/listings/:channel/relist',
} as const;

/** Concrete URLs (browser). */
export const listingChangePaths = pathsOf(listingChangeRoutes);

/** An unknown channel is a listing that does not exist: 404, as another seller's. */
export const listingParams = z.object({ id: z.uuid(), channel: text().min(1).max(40) });

/** The change is queued: its progress and outcome follow on the event stream (the item and its listing). */
export const listingChangeResponse = z.object({
  itemId: z.uuid(),
  channel: z.enum(apiChannels),
  change: z.enum(listingChanges),
});
