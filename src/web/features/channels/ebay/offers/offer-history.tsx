import type { SentOfferWire } from '@shared/contracts/ebay-offers';
import { cn } from '@/lib/cn';
import { historyLine } from './offer-words';

const toneClass = {
  sold: 'text-emerald-700',
  open: 'text-sky-800',
  refused: 'text-red-700',
  ended: 'text-slate-500',
} as const;

/** The offers sent on the item's eBay listing, newest first, each with what came of it (the sale it led to). */
export function OfferHistory({ offers }: { offers: SentOfferWire[] }) {
  if (!offers.length) return null;
  const now = Date.now();
  return (
    <section aria-label="Offers sent" className="flex flex-col gap-1" data-testid="offer-history">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Offers sent</h4>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {offers.map((offer) => {
          const line = historyLine(offer, now);
          return (
            <li key={offer.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm" data-testid="offer-history-row" data-outcome={line.tone}>
              <span className="tabular-nums text-slate-800">{line.what}</span>
              <span className={cn('text-xs font-medium', toneClass[line.tone])}>{line.outcome}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
