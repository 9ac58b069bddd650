import { useId, useState } from 'react';
import type { SaleFigures } from '@shared/contracts/profit';
import { moneyInputText, parseMoneyInput } from '../../entities/items/item-cost';
import { MoneyInput } from '../../components/money-input';
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
      <MoneyInput
        id={id}
        className="w-32"
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="sale-shipping-cost"
        value={text}
        disabled={save.isPending}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onBlur={commit}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
