import { useId, useState } from 'react';
import type { SaleFigures } from '@shared/contracts/profit';
import { moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { MoneyInput } from '../../components/money-input';
import { useSaveShippingCost } from './api/profit';

/** What the seller paid to send one sale (optional; none entered counts as nothing): saved when left or on Enter. */
export function SaleShippingCostField({ sale }: { sale: SaleFigures }) {
  const id = useId();
  const [text, setText] = useState(moneyInputText(sale.shippingCost));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveShippingCost();

  function commit() {
    const typed = readMoneyInput(text, sale.currency);
    if (!typed.ok) return setError(typed.message);
    const value = typed.value;
    setText(moneyInputText(value));
    if (value?.amountMinor === sale.shippingCost?.amountMinor) return;
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
        currency={sale.currency}
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
