import { useState } from 'react';
import type { Money } from '@shared/domain/money';
import { moneyInputMessages, moneyInputText } from '@shared/domain/money-input';
import { MoneyField } from '@/components/money-field';
import { useMoneySavedOnLeave } from '@/lib/forms/use-money-saved-on-leave';
import { useSaveItemCost } from './item-cost';

export const costFieldMessages = {
  invalid: 'Enter an amount such as 4.50',
  failed: 'Could not save the cost. Try again.',
  saved: 'Cost saved',
} as const;

/**
 * What one of the item cost the seller (optional): saved when the field is left or Enter is pressed, cleared when
 * emptied, in the item's currency, read in the seller's locale ("4,50" in de-DE). Used at capture (the created batch)
 * and on the item later.
 */
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
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const save = useSaveItemCost();
  const { setText, field } = useMoneySavedOnLeave({
    saved: cost,
    currency,
    save: (value) => {
      setMessage(null);
      save.mutate(
        { itemId, cost: value },
        {
          onSuccess: () => setMessage({ tone: 'ok', text: costFieldMessages.saved }),
          onError: () => setMessage({ tone: 'error', text: costFieldMessages.failed }),
        },
      );
    },
    refuse: (reason) => setMessage({ tone: 'error', text: reason === moneyInputMessages.notAmount ? costFieldMessages.invalid : reason }),
    onEdit: () => setMessage(null),
  });
  // A new cost from the server (another screen, an event) replaces the text; a new object of the same amount does not.
  const savedText = moneyInputText(cost);
  const [shownSaved, setShownSaved] = useState(savedText);
  if (shownSaved !== savedText) {
    setShownSaved(savedText);
    setText(savedText);
  }

  return (
    <MoneyField
      // The name a screen reader says starts with the words shown ("Cost (what you paid, optional)"), then the SKU.
      label={
        <>
          Cost <span className="font-normal text-slate-500">(what you paid, optional)</span> <span className="sr-only">of {sku}</span>
        </>
      }
      className={className}
      fieldClassName="max-w-40"
      currency={currency}
      data-testid="item-cost"
      {...field}
      disabled={save.isPending}
      error={message?.tone === 'error' ? message.text : null}
      errorRole="alert"
      note={
        message?.tone === 'ok' && (
          <p role="status" className="text-sm text-emerald-700">
            {message.text}
          </p>
        )
      }
    />
  );
}
