import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ebayConfigCheckResponse, ebayConfigPaths } from '@shared/contracts/ebay-config';
import type { EbaySettings } from '../setup';
import { checkEbayConfig } from './config-check';
import { routeDoc } from '../../../http/route-doc';

const ebayDoc = routeDoc(['ebay']);

export interface EbayConfigRouteDeps {
  config: Pick<EbaySettings, 'ebay' | 'publicUrl'>;
  /** The application token's Browse calls today and the day's budget (comparables). */
  browseCalls: () => Promise<{ calls: number; budget: number }>;
  /** The sales checks on eBay today and eBay's daily limit of them (the adaptive pull, decision 078). */
  salesChecks: () => Promise<{ calls: number; limit: number }>;
}

/** Public diagnostic (spec /test-ebay-config): shows only masked values, and how much of the day's Browse budget is used. */
export async function ebayConfigRoutesPlugin(app: FastifyInstance, deps: EbayConfigRouteDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    ebayConfigPaths.configCheck,
    ebayDoc('Are the eBay keys configured and plausible? And the Browse calls and sales checks used today', {
      response: { 200: ebayConfigCheckResponse },
    }),
    async () => {
      const [{ calls, budget }, sales] = await Promise.all([deps.browseCalls(), deps.salesChecks()]);
      return {
        ...checkEbayConfig(deps.config),
        browse_calls: { today: calls, daily_budget: budget },
        sales_checks: { today: sales.calls, daily_limit: sales.limit },
      };
    },
  );
}
