import { useId, useState } from 'react';
import type { SaleFigures } from '@shared/contracts/profit';
import { moneyInputText, parseMoneyInput } from '../../entities/items/item-cost';
import { cn } from '../../lib/cn';
import { useSaveShippingCost } from './api/profit';

/** What the seller paid to send one sale (optional; none entered counts as nothing): saved when left or on Enter. */
export function SaleShippingCostField({ sale }: { sale: SaleFigures }) {
  const id = useId();
  const [text, setText] = useState(moneyInputText(sale.shippingCost));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveShippingCost();

  function commit() {
    const value = parseMoneyInput(text);
    if (value === undefined) return setError('Enter an amount such as 4.50');
    setText(moneyInputText(value));
    if (value === sale.shippingCost) return;
    setError(null);
    save.mutate({ saleId: sale.id, shippingCost: value }, { onError: () => setError('Could not save the shipping cost. Try again.') });
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-slate-500">
        Your shipping cost
      </label>
      <div className="relative w-32">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden="true">
          $
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="sale-shipping-cost"
          className={cn(
            'h-11 w-full rounded-xl border bg-white pl-7 pr-3 text-base text-slate-900 shadow-sm outline-none tabular-nums transition sm:text-sm',
            'placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100',
            error ? 'border-red-400' : 'border-slate-300',
          )}
          value={text}
          disabled={save.isPending}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
