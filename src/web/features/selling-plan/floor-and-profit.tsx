import type { Money } from '@shared/domain/money';
import { showMoney } from '@/entities/profit-floor/floor-figures';
import { cn } from '@/lib/cn';

/** After a planned price: " · floor $30.00 · profit $8.00" ("—" for what is not known), a loss in red. */
export function FloorAndProfit({ floor, profit }: { floor: Money | null; profit: Money | null }) {
  return (
    <>
      <span className="text-slate-500">
        {' · floor '}
        {floor ? showMoney(floor) : '—'}
        {' · profit '}
      </span>
      <span className={cn('font-semibold', profit && profit.amountMinor < 0 ? 'text-red-700' : 'text-emerald-700')}>
        {profit ? showMoney(profit) : '—'}
      </span>
    </>
  );
}
