import { moneyMessages } from '@shared/contracts/money';
import type { Money } from '@shared/domain/money';
import { AppError } from '@shared/errors';

/**
 * An amount the seller sent (the contract's `moneyInputSchema`: whole minor units, 0 to a million), in the currency
 * it is counted in — an item's, a sale's. Another currency is a 400 (decision 081), never converted.
 */
export function typedMoney(value: Money, currency: string): Money {
  if (value.currency !== currency) throw new AppError('VALIDATION_FAILED', moneyMessages.otherCurrency(currency));
  return value;
}
