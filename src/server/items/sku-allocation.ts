import { formatGeneratedSku, normaliseSku, skuMessages, skuProblem } from '@shared/domain/sku';
import { AppError } from '@shared/errors';
import { must } from '@shared/must';
import { existingSkus, type Sql } from './repo';

/** How many generated SKUs one lookup checks when skipping numbers the user took by hand. */
const LOOKAHEAD = 16;

export const skuConflict = () => new AppError('SKU_CONFLICT', skuMessages.conflict);

/** A typed SKU as stored (trimmed, upper case), or a 400 with the agreed message. */
export function acceptTypedSku(typed: string): string {
  const problem = skuProblem(typed);
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
  return normaliseSku(typed);
}

/**
 * The first `count` counter values from `from` on whose generated SKU the user does not already have (someone who
 * typed PSTFSH-005 by hand never gets PSTFSH-005 generated) and that are not `reserved` (SKUs typed for products
 * still on their way). Usually answered by one indexed lookup per 16 numbers.
 */
export async function freeSkuNumbers(
  db: Sql,
  userId: string,
  from: number,
  count: number,
  reserved: ReadonlySet<string> = new Set(),
): Promise<number[]> {
  const free: number[] = [];
  for (let start = from; free.length < count; start += LOOKAHEAD) {
    const candidates = Array.from({ length: LOOKAHEAD }, (_, i) => formatGeneratedSku(start + i));
    const taken = await existingSkus(db, userId, candidates);
    candidates.forEach((sku, i) => {
      if (free.length < count && !taken.has(sku) && !reserved.has(sku)) free.push(start + i);
    });
  }
  return free;
}

export async function firstFreeSkuNumber(db: Sql, userId: string, from: number, reserved?: ReadonlySet<string>): Promise<number> {
  return must((await freeSkuNumbers(db, userId, from, 1, reserved))[0], 'one free number is asked for');
}
