import { useState } from 'react';
import type { SaleFigures } from '@shared/contracts/profit';
import { MoneyField } from '@/components/money-field';
import { useMoneySavedOnLeave } from '@/lib/forms/use-money-saved-on-leave';
import { useSaveShippingCost } from './api/profit';
import { tell } from '@/lib/told';

/**
 * What the seller paid to send one sale (optional; none entered: their usual one counts, an estimate), in the sale's currency, read in the
 * seller's locale: saved when left or on Enter.
 */
export function SaleShippingCostField({ sale }: { sale: SaleFigures }) {
  const [error, setError] = useState<string | null>(null);
  const save = useSaveShippingCost();
  const { field } = useMoneySavedOnLeave({
    saved: sale.shippingCost,
    currency: sale.currency,
    save: (value) => {
      setError(null);
      tell(save, { saleId: sale.id, shippingCost: value }, { onError: () => setError('Could not save the shipping cost. Try again.') });
    },
    refuse: setError,
    onEdit: () => setError(null),
  });

  return (
    <MoneyField
      label="Your shipping cost"
      labelClassName="text-slate-500"
      fieldClassName="w-32"
      currency={sale.currency}
      error={error}
      errorRole="alert"
      data-testid="sale-shipping-cost"
      {...field}
      disabled={save.isPending}
    />
  );
}
