import { formatGeneratedSku, normaliseSku, skuMessages, skuProblem } from '@shared/domain/sku';
import { AppError } from '@shared/errors';
import { existingSkus, type Sql } from './repo';

/** How many generated SKUs one lookup checks when skipping numbers the user took by hand. */
const LOOKAHEAD = 16;

export const skuConflict = () => new AppError('SKU_CONFLICT', skuMessages.conflict);

/** A typed SKU as stored (trimmed, upper case), or a 400 with the spec's message. */
export function acceptTypedSku(typed: string): string {
  const problem = skuProblem(typed);
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
  return normaliseSku(typed);
}

/**
 * The first counter value from `from` on whose generated SKU the user does not already have (someone who
 * typed PSTFSH-005 by hand never gets PSTFSH-005 generated). Usually answered by one indexed lookup.
 */
export async function firstFreeSkuNumber(db: Sql, userId: string, from: number): Promise<number> {
  for (let start = from; ; start += LOOKAHEAD) {
    const candidates = Array.from({ length: LOOKAHEAD }, (_, i) => formatGeneratedSku(start + i));
    const taken = await existingSkus(db, userId, candidates);
    const free = candidates.findIndex((sku) => !taken.has(sku));
    if (free >= 0) return start + free;
  }
}
