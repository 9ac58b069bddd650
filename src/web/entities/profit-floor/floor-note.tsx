import type { Channel } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { cn } from '@/lib/cn';
import { feesBasisText, noFloorText, showMoney, typedPriceCheck } from './floor-figures';
import { useItemFloor } from './use-profit-floor';

/**
 * The profit floor beside a price the seller is typing (Publish Settings): the floor on the channel, the profit at
 * the typed price, and a warning when it is under the floor. A warning, never a refusal: the seller may sell low.
 */
export function FloorNote({
  itemId,
  itemUpdatedAt,
  channel,
  typedPrice,
  className,
}: {
  itemId: string;
  itemUpdatedAt: string;
  channel: Channel;
  typedPrice: string;
  className?: string;
}) {
  const answer = useItemFloor(itemId, itemUpdatedAt).data;
  const floor = answer?.channels.find((entry) => entry.channel === channel);
  if (!answer || !floor) return null;
  const none = noFloorText(answer, floor);
  const check = typedPriceCheck(answer, floor, typedPrice);
  return (
    <section className={cn('flex flex-col gap-2', className)} aria-label={`Profit floor on ${floor.label}`} data-testid="floor-note">
      {none ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="floor-none">
          {none}
        </p>
      ) : (
        <div className="flex flex-col gap-0.5 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <p className="flex flex-wrap gap-x-4 gap-y-0.5">
            <span>
              Floor on {floor.label}{' '}
              <strong className="tabular-nums text-slate-900" data-testid="floor-amount">
                {showMoney(floor.floor!)}
              </strong>
            </span>
            {check && check.profitMinor !== null && (
              <span>
                Profit at {showMoney(check.price)}{' '}
                <strong
                  className={cn('tabular-nums', check.profitMinor < 0 ? 'text-red-700' : 'text-emerald-700')}
                  data-testid="floor-profit"
                >
                  {showMoney({ amountMinor: check.profitMinor, currency: answer.currency })}
                </strong>
              </span>
            )}
          </p>
          <p className="text-xs text-slate-500">
            Break-even {showMoney(floor.breakEven!)} · {feesBasisText(floor)}
          </p>
        </div>
      )}
      {check?.under && check.message && (
        <Alert tone="warning">
          <span data-testid="floor-warning">{check.message}</span>
        </Alert>
      )}
    </section>
  );
}
