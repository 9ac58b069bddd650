import { useId, useState } from 'react';
import type { Money } from '@shared/domain/money';
import { moneyInputText } from '@shared/domain/money-input';
import { MoneyInput } from '../../components/money-input';
import { cn } from '../../lib/cn';
import { parseCostInput, useSaveItemCost } from './item-cost';

export const costFieldMessages = {
  invalid: 'Enter an amount such as 4.50',
  failed: 'Could not save the cost. Try again.',
  saved: 'Cost saved',
} as const;

/**
 * What one of the item cost the seller (optional): saved when the field is left or Enter is pressed, cleared when
 * emptied, in the item's currency. Used at capture (the created batch) and on the item later.
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
  const id = useId();
  const [text, setText] = useState(moneyInputText(cost));
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const save = useSaveItemCost();
  // A new cost from the server (another screen, an event) replaces the text; a new object of the same amount does not.
  const savedText = moneyInputText(cost);
  const [shownSaved, setShownSaved] = useState(savedText);
  if (shownSaved !== savedText) {
    setShownSaved(savedText);
    setText(savedText);
  }

  function commit() {
    const value = parseCostInput(text, currency);
    if (value === undefined) return setMessage({ tone: 'error', text: costFieldMessages.invalid });
    setText(moneyInputText(value));
    if (value?.amountMinor === cost?.amountMinor) return;
    setMessage(null);
    save.mutate(
      { itemId, cost: value },
      {
        onSuccess: () => setMessage({ tone: 'ok', text: costFieldMessages.saved }),
        onError: () => setMessage({ tone: 'error', text: costFieldMessages.failed }),
      },
    );
  }

  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Cost <span className="font-normal text-slate-500">(what you paid, optional)</span>
      </label>
      <MoneyInput
        id={id}
        currency={currency}
        className="max-w-40"
        aria-label={`Cost of ${sku}`}
        invalid={message?.tone === 'error'}
        aria-describedby={message ? `${id}-note` : undefined}
        data-testid="item-cost"
        value={text}
        disabled={save.isPending}
        onChange={(e) => {
          setText(e.target.value);
          setMessage(null);
        }}
        onBlur={commit}
      />
      {message && (
        <p
          id={`${id}-note`}
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={cn('text-sm', message.tone === 'error' ? 'text-red-700' : 'text-emerald-700')}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
