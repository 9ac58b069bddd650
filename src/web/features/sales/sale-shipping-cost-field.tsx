import { useState } from 'react';
import type { Money } from '@shared/domain/money';
import type { SaleFigures } from '@shared/contracts/profit';
import { moneyInputText, readMoneyInput } from '@shared/domain/money-input';
import { MoneyField } from '@/components/money-field';
import { useSaveShippingCost } from './api/profit';

/**
 * What the seller paid to send one sale (optional; none entered: their usual one counts, an estimate), in the sale's currency, read in the
 * seller's locale: saved when left or on Enter.
 */
export function SaleShippingCostField({ sale }: { sale: SaleFigures }) {
  const [text, setText] = useState(moneyInputText(sale.shippingCost));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveShippingCost();

  function commit(value: Money | null) {
    setText(moneyInputText(value));
    if (value?.amountMinor === sale.shippingCost?.amountMinor) return;
    setError(null);
    save.mutate({ saleId: sale.id, shippingCost: value }, { onError: () => setError('Could not save the shipping cost. Try again.') });
  }

  function leave() {
    const typed = readMoneyInput(text, sale.currency);
    if (typed.ok) return commit(typed.value);
    // A text that could be two amounts is asked about under the field; the amount tapped is saved.
    if (!typed.ambiguous) setError(typed.message);
  }

  return (
    <MoneyField
      label="Your shipping cost"
      labelClassName="text-slate-500"
      fieldClassName="w-32"
      currency={sale.currency}
      error={error}
      errorRole="alert"
      data-testid="sale-shipping-cost"
      value={text}
      disabled={save.isPending}
      blurOnEnter
      onChange={(next) => {
        setText(next);
        setError(null);
      }}
      onChoose={commit}
      onBlur={leave}
    />
  );
}
