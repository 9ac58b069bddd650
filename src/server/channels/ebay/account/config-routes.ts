import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ebayConfigCheckResponse, ebayConfigPaths } from '@shared/contracts/ebay-config';
import type { Config } from '../../../config';
import { checkEbayConfig } from './config-check';

/** Public diagnostic (spec /test-ebay-config): shows only masked values. */
export async function ebayConfigRoutes(app: FastifyInstance, deps: { config: Config }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      ebayConfigPaths.configCheck,
      { schema: { tags: ['ebay'], summary: 'Are the eBay keys configured and plausible?', response: { 200: ebayConfigCheckResponse } } },
      async () => checkEbayConfig(deps.config),
    );
}
