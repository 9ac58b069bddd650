import { askingPriceMessages } from '@shared/contracts/items';
import type { Money } from '@shared/domain/money';
import { ItemAmountField } from './item-amount-field';

export const askingPriceFieldMessages = {
  invalid: 'Enter a price such as 24.99',
  failed: 'Could not save your price. Try again.',
  saved: 'Price saved: every marketplace starts from it, and a live listing takes it now',
  zero: askingPriceMessages.zero,
} as const;

/**
 * The seller's own asking price for the item (optional): every marketplace's price starts from it, whichever are
 * connected; emptied, the AI's or the price list's goes out. The one place to price an item without eBay's form.
 */
export function ItemAskingPriceField({
  itemId,
  sku,
  askingPrice,
  currency,
  className,
}: {
  itemId: string;
  sku: string;
  askingPrice: Money | null;
  currency: string;
  className?: string;
}) {
  return (
    <ItemAmountField
      itemId={itemId}
      amount="askingPrice"
      saved={askingPrice}
      currency={currency}
      testId="item-asking-price"
      className={className}
      words={{
        ...askingPriceFieldMessages,
        refuse: (value) => (value !== null && value.amountMinor <= 0 ? askingPriceFieldMessages.zero : null),
        label: (
          <>
            Your price <span className="font-normal text-slate-500">(optional)</span> <span className="sr-only">of {sku}</span>
          </>
        ),
      }}
    />
  );
}
