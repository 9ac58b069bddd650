import { z } from 'zod';
import { apiChannels, channels } from '../domain/channel-listing';
import { pathsOf } from './route-paths';

/**
 * Controls that exist only on a server started with NODE_ENV=test (the e2e servers, decision 108): the e2e server has
 * no test clock, so a spec makes a listing old through one. A production or development server never registers them
 * (404), and the handler refuses outside test as well.
 */
export const testControlRoutes = {
  listingAge: '/api/test/items/:id/listings/:channel/age',
  channelTokens: '/api/test/channels/:channel/tokens',
} as const;

export const testControlPaths = pathsOf(testControlRoutes);

export const listingAgeParams = z.object({ id: z.uuid(), channel: z.enum(channels) });
/** Days ago the listing went live (and its period began): up to ten years. */
export const listingAgeBody = z.object({ days: z.number().int().min(1).max(3650) });

/**
 * The simulated marketplace ends the seller's access token early (`end-early`) or revokes their grant (`revoke`), as
 * it answers the calls after it per its document.
 */
export const channelTokensParams = z.object({ channel: z.enum(apiChannels) });
export const channelTokensBody = z.object({ action: z.enum(['end-early', 'revoke']) });
