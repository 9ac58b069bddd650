import { useEffect, useId, useState } from 'react';
import { MoneyInput } from '../../components/money-input';
import { cn } from '../../lib/cn';
import { moneyInputText, parseMoneyInput, useSaveItemCost } from './item-cost';

export const costFieldMessages = {
  invalid: 'Enter an amount such as 4.50',
  failed: 'Could not save the cost. Try again.',
  saved: 'Cost saved',
} as const;

/**
 * What one of the item cost the seller (optional): saved when the field is left or Enter is pressed, cleared when
 * emptied. Used at capture (the created batch) and on the item later.
 */
export function ItemCostField({ itemId, sku, cost, className }: { itemId: string; sku: string; cost: number | null; className?: string }) {
  const id = useId();
  const [text, setText] = useState(moneyInputText(cost));
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const save = useSaveItemCost();
  useEffect(() => setText(moneyInputText(cost)), [cost]);

  function commit() {
    const value = parseMoneyInput(text);
    if (value === undefined) return setMessage({ tone: 'error', text: costFieldMessages.invalid });
    setText(moneyInputText(value));
    if (value === cost) return;
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
