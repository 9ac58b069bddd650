import { useState, type ReactNode } from 'react';
import type { Money } from '@shared/domain/money';
import { moneyInputMessages, moneyInputText } from '@shared/domain/money-input';
import { MoneyField } from '@/components/money-field';
import { useMoneySavedOnLeave } from '@/lib/forms/use-money-saved-on-leave';
import { usePatchItem } from './item-mutations';
import { itemKeys } from './query-keys';

/** The item's amounts a seller types on their own: what it cost them, and what they ask for it. */
export type ItemAmount = 'cost' | 'askingPrice';

/** What reads each amount again once saved: the profit (cost); every price and listing shown (asking price). */
const readersOf = { cost: [...itemKeys.all, 'profit'], askingPrice: itemKeys.all } as const;

/** The words of one amount's field: its label, and what it says when saved, refused or not saved. */
export interface ItemAmountWords {
  label: ReactNode;
  invalid: string;
  failed: string;
  saved: string;
  /** A rule beyond being an amount (an asking price above 0); the message, or null when it passes. */
  refuse?(value: Money | null): string | null;
}

/**
 * One of the item's amounts (optional): saved when the field is left or Enter is pressed (PATCH /api/items/:id),
 * cleared when emptied, in the item's currency, read in the seller's locale ("4,50" in de-DE). A new amount from the
 * server (another screen, an event) replaces the text.
 */
export function ItemAmountField({
  itemId,
  amount,
  saved,
  currency,
  words,
  testId,
  className,
}: {
  itemId: string;
  amount: ItemAmount;
  saved: Money | null;
  currency: string;
  words: ItemAmountWords;
  testId: string;
  className?: string;
}) {
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const save = usePatchItem<{ cost?: Money | null; askingPrice?: Money | null }>(readersOf[amount]);
  const { setText, field } = useMoneySavedOnLeave({
    saved,
    currency,
    save: (value) => {
      const refused = words.refuse?.(value);
      if (refused) return setMessage({ tone: 'error', text: refused });
      setMessage(null);
      save.mutate(
        { itemId, [amount]: value },
        {
          onSuccess: () => setMessage({ tone: 'ok', text: words.saved }),
          onError: () => setMessage({ tone: 'error', text: words.failed }),
        },
      );
    },
    refuse: (reason) => setMessage({ tone: 'error', text: reason === moneyInputMessages.notAmount ? words.invalid : reason }),
    onEdit: () => setMessage(null),
  });
  const savedText = moneyInputText(saved);
  const [shownSaved, setShownSaved] = useState(savedText);
  if (shownSaved !== savedText) {
    setShownSaved(savedText);
    setText(savedText);
  }

  return (
    <MoneyField
      label={words.label}
      className={className}
      fieldClassName="max-w-40"
      currency={currency}
      data-testid={testId}
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
