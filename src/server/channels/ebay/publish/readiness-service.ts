import type { ReadinessResponse } from '@shared/contracts/publish';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { Marketplaces } from '../../marketplace';
import type { EbayAccountService } from '../account/service';
import type { FirstPublishLocation } from './first-publish-location';
import { ebayPricingOf } from './publish-pricing';
import { publishReadinessOf, readinessAccountOf } from './readiness-check';
import { publishableItem } from './repo';

export interface ReadinessServiceDeps {
  db: Db;
  ebay: EbayAccountService;
  marketplaces: Marketplaces;
  firstPublishLocation: FirstPublishLocation;
}

/** Below green while an error or eBay's pre-flight still names a problem: green only when eBay would take it. */
const BELOW_GREEN = 89;

/**
 * The one readiness of an item for eBay: the readiness check (the listing's own rules, a price, the account)
 * and, when connected, the pre-flight against eBay's rules, with one score. Every screen that shows a readiness for
 * eBay (Generate Listings, the eBay screen) reads this answer as it is.
 */
export function createReadinessService(deps: ReadinessServiceDeps) {
  return {
    async readiness(userId: string, itemId: string): Promise<ReadinessResponse> {
      const subject = await publishableItem(deps.db, userId, itemId);
      if (!subject) throw new AppError('NOT_FOUND', 'Item not found');
      const { connection } = await deps.ebay.getConnection(userId);
      const locationOnFirstPublish = await deps.firstPublishLocation.createsLocation(userId, connection);
      const { result, score } = publishReadinessOf(
        subject,
        { ...readinessAccountOf(connection), locationOnFirstPublish },
        await ebayPricingOf(deps.db, userId),
      );
      const ebay = await deps.marketplaces.ebay.preflight(userId, itemId);
      return {
        itemId,
        isValid: result.isValid,
        errors: result.errors,
        warnings: result.warnings,
        checklist: result.checklist,
        score: ebay.problems.length > 0 || !result.isValid ? Math.min(score, BELOW_GREEN) : score,
        preflight: ebay,
        canPublish: result.isValid && ebay.problems.length === 0,
      };
    },
  };
}

export type ReadinessService = ReturnType<typeof createReadinessService>;
