import { useState } from 'react';
import { askingPriceMessages } from '@shared/contracts/items';
import type { Money } from '@shared/domain/money';
import { moneyInputMessages, moneyInputText } from '@shared/domain/money-input';
import { MoneyField } from '@/components/money-field';
import { UnderFloorConfirm, underFloorOf, type UnderFloor } from '@/components/under-floor-confirm';
import { useMoneySavedOnLeave } from '@/lib/forms/use-money-saved-on-leave';
import { usePatchItem } from './item-mutations';
import { itemKeys } from './query-keys';
import { tell } from '@/lib/told';

/** The item's amounts a seller types on their own: what it cost them, and what they ask for it. */
export type ItemAmount = 'cost' | 'askingPrice';

/** What reads each amount again once saved: the profit (cost); every price and listing shown (asking price). */
const readersOf = { cost: [...itemKeys.all, 'profit'], askingPrice: itemKeys.all } as const;

/** What each amount's field says: its label (the SKU for a screen reader), and when saved, refused or not saved. */
export const itemAmountWords = {
  cost: {
    // The name a screen reader says starts with the words shown ("Cost (what you paid, optional)"), then the SKU.
    label: 'Cost',
    hint: '(what you paid, optional)',
    invalid: 'Enter an amount such as 4.50',
    zero: null,
    failed: 'Could not save the cost. Try again.',
    saved: 'Cost saved',
  },
  // Every marketplace's price starts from it, whichever are connected; emptied, the AI's or the price list's goes out.
  askingPrice: {
    label: 'Your price',
    hint: '(optional)',
    invalid: 'Enter a price such as 24.99',
    zero: askingPriceMessages.zero,
    failed: 'Could not save your price. Try again.',
    saved: 'Price saved: every marketplace starts from it, and a live listing takes it now',
  },
} as const;

/**
 * One of the item's amounts (optional; the cost at capture and on the item, the asking price under its listing): saved when the field is left or Enter is pressed (PATCH /api/items/:id),
 * cleared when emptied, in the item's currency, read in the seller's locale ("4,50" in de-DE). A new amount from the
 * server (another screen, an event) replaces the text. An asking price a live listing would get under the seller's
 * floor asks first (409 UNDER_FLOOR): kept, it is sent confirmed.
 */
export function ItemAmountField({
  itemId,
  sku,
  amount,
  saved,
  currency,
  className,
}: {
  itemId: string;
  sku: string;
  amount: ItemAmount;
  saved: Money | null;
  currency: string;
  className?: string;
}) {
  const words = itemAmountWords[amount];
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  // An asking price a live listing would get under the seller's floor: what they would lose, before anything is saved.
  const [underFloor, setUnderFloor] = useState<UnderFloor | null>(null);
  const save = usePatchItem<{ cost?: Money | null; askingPrice?: Money | null; confirmUnderFloor?: boolean }>(readersOf[amount]);

  function send(value: Money | null, confirmUnderFloor = false) {
    setMessage(null);
    tell(
      save,
      { itemId, [amount]: value, ...(confirmUnderFloor ? { confirmUnderFloor } : {}) },
      {
        onSuccess: () => {
          setUnderFloor(null);
          setMessage({ tone: 'ok', text: words.saved });
        },
        onError: (error) => {
          const under = underFloorOf(error, () => send(value, true));
          if (under) setUnderFloor(under);
          else setMessage({ tone: 'error', text: words.failed });
        },
      },
    );
  }

  const { setText, field } = useMoneySavedOnLeave({
    saved,
    currency,
    save: (value) => {
      if (words.zero && value !== null && value.amountMinor <= 0) return setMessage({ tone: 'error', text: words.zero });
      send(value);
    },
    refuse: (reason) => setMessage({ tone: 'error', text: reason === moneyInputMessages.notAmount ? words.invalid : reason }),
    onEdit: () => {
      setMessage(null);
      setUnderFloor(null);
    },
  });
  const savedText = moneyInputText(saved);
  const [shownSaved, setShownSaved] = useState(savedText);
  if (shownSaved !== savedText) {
    setShownSaved(savedText);
    setText(savedText);
  }

  return (
    <>
      <MoneyField
        label={
          <>
            {words.label} <span className="font-normal text-slate-500">{words.hint}</span> <span className="sr-only">of {sku}</span>
          </>
        }
        className={className}
        fieldClassName="max-w-40"
        currency={currency}
        data-testid={amount === 'cost' ? 'item-cost' : 'item-asking-price'}
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
      {underFloor && <UnderFloorConfirm underFloor={underFloor} busy={save.isPending} onChange={() => setUnderFloor(null)} />}
    </>
  );
}
