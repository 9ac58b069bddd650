import type { Money } from '@shared/domain/money';
import { ItemAmountField } from './item-amount-field';

export const costFieldMessages = {
  invalid: 'Enter an amount such as 4.50',
  failed: 'Could not save the cost. Try again.',
  saved: 'Cost saved',
} as const;

/** What one of the item cost the seller (optional). Used at capture (the created batch) and on the item later. */
export function ItemCostField({
  itemId,
  sku,
  cost,
  currency,
  className,
}: {
  itemId: string;
  sku: string;
  cost: Money | null;
  currency: string;
  className?: string;
}) {
  return (
    <ItemAmountField
      itemId={itemId}
      amount="cost"
      saved={cost}
      currency={currency}
      testId="item-cost"
      className={className}
      words={{
        ...costFieldMessages,
        // The name a screen reader says starts with the words shown ("Cost (what you paid, optional)"), then the SKU.
        label: (
          <>
            Cost <span className="font-normal text-slate-500">(what you paid, optional)</span> <span className="sr-only">of {sku}</span>
          </>
        ),
      }}
    />
  );
}
