import { cn } from '@/lib/cn';
import { feesBasisText, noFloorText, showMoney } from './floor-figures';
import { useItemFloor } from './use-profit-floor';

/**
 * The item's price on each channel beside its profit floor and the profit at that price: one row per
 * channel, the warning under a price that is under its floor. No cost entered: flagged once, no floors.
 */
export function ChannelFloors({ itemId, itemUpdatedAt }: { itemId: string; itemUpdatedAt: string }) {
  const answer = useItemFloor(itemId, itemUpdatedAt).data;
  if (!answer) return null;
  const noCost = answer.cost === null;
  return (
    <section className="flex flex-col gap-2" aria-label="Profit floor per channel" data-testid="channel-floors">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Profit floor</h4>
      {noCost ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="floor-no-cost">
          No cost entered: no profit floor on any channel. Enter what the item cost you to see it.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {answer.channels.map((floor) => {
            const none = noFloorText(answer, floor);
            return (
              <li key={floor.channel} className="flex flex-col gap-0.5 px-3 py-2 text-sm" data-testid={`channel-floor-${floor.channel}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-900">{floor.label}</span>
                  {none ? (
                    <span className="text-xs text-slate-500">{none}</span>
                  ) : (
                    <span className="flex flex-wrap gap-x-3 tabular-nums text-slate-700">
                      <span>Price {floor.price ? showMoney(floor.price) : '—'}</span>
                      <span>
                        Floor <strong className="text-slate-900">{showMoney(floor.floor!)}</strong>
                      </span>
                      {floor.profit && (
                        <span className={cn(floor.profit.amountMinor < 0 ? 'text-red-700' : 'text-emerald-700')}>
                          Profit {showMoney(floor.profit)}
                        </span>
                      )}
                    </span>
                  )}
                </div>
                {!none && <span className="text-xs text-slate-500">{feesBasisText(floor)}</span>}
                {floor.warning && (
                  <span className="text-xs font-medium text-amber-800" data-testid="channel-floor-warning">
                    {floor.warning}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
