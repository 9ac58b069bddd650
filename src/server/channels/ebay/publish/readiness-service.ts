import type { ReadinessResponse } from '@shared/contracts/publish';
import { AppError } from '@shared/errors';
import type { EbayClient } from '../api/ebay-client';
import type { Db } from '../../../db/client';
import type { EbayAccountService } from '../account/service';
import type { EbayCatalog } from './ebay-catalog';
import { preflightListingOf } from './ebay-listing-body';
import { preflight } from './preflight';
import { publishReadinessOf, readinessAccountOf } from './readiness-check';
import { publishableItem } from './repo';

export interface ReadinessServiceDeps {
  db: Db;
  ebay: EbayAccountService;
  client: EbayClient | null;
  /** The same cached catalogue the publisher uses (catalogPerClient). */
  catalog: (client: EbayClient) => EbayCatalog;
  log: { warn: (obj: object, msg: string) => void };
}

/** Below green while an error or eBay's pre-flight still names a problem: green only when eBay would take it. */
const BELOW_GREEN = 89;

/** The eBay screen's readiness panel: spec §5's check and, when connected, the pre-flight against eBay's rules. */
export function createReadinessService(deps: ReadinessServiceDeps) {
  return {
    async readiness(userId: string, itemId: string): Promise<ReadinessResponse> {
      const subject = await publishableItem(deps.db, userId, itemId);
      if (!subject) throw new AppError('NOT_FOUND', 'Item not found');
      const { connection } = await deps.ebay.getConnection(userId);
      const { result, score } = publishReadinessOf(subject, readinessAccountOf(connection));
      const ebay: ReadinessResponse['ebay'] = { checked: false, unavailable: null, problems: [], categorySuggestions: [], condition: null };
      if (deps.client && connection?.status === 'connected') {
        try {
          const check = await preflight(preflightListingOf(subject), deps.catalog(deps.client));
          ebay.checked = true;
          ebay.problems = check.problems;
          ebay.categorySuggestions = check.categorySuggestions;
          ebay.condition = check.condition ? { id: check.condition.id, label: check.condition.label } : null;
        } catch (err) {
          deps.log.warn({ err, itemId }, 'eBay pre-flight could not reach eBay');
          ebay.unavailable = "Could not check the category against eBay's rules just now";
        }
      }
      return {
        itemId,
        isValid: result.isValid,
        errors: result.errors,
        warnings: result.warnings,
        checklist: result.checklist,
        score: ebay.problems.length > 0 || !result.isValid ? Math.min(score, BELOW_GREEN) : score,
        ebay,
        canPublish: result.isValid && ebay.problems.length === 0,
      };
    },
  };
}

export type ReadinessService = ReturnType<typeof createReadinessService>;
