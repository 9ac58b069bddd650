import { formatNumber } from '@shared/domain/display-format';

import { useState } from 'react';
import { Link } from 'react-router';
import type { AgingBandView, AgingItem, PlannedAction } from '@shared/contracts/aging-stock';
import { webPaths } from '@shared/contracts/web-paths';
import { formatMoney, type Money } from '@shared/domain/money';
import { ReadProgress } from '@/components/read-progress';
import { ViewHeader } from '@/components/view-header';
import { AgingBandItems } from './aging-band-items';
import { useAgingStock } from './api/aging-stock';

const totalWords = (totals: Money[]) => (totals.length ? totals.map((m) => formatMoney(m)).join(' + ') : '—');

/**
 * The band's planned offers, drops and relists. The weekly plan fills `actions`; until it exists every band has none.
 */
export function ActionsPlanned({ actions }: { actions: PlannedAction[] }) {
  const words = actions.length
    ? `${actions.length} planned: ${['offer', 'drop', 'relist']
        .map((kind) => [kind, actions.filter((a) => a.kind === kind).length] as const)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`)
        .join(', ')}`
    : 'None planned';
  return (
    <span className="text-xs text-slate-500" data-testid="actions-planned">
      Actions: {words}
    </span>
  );
}

function BandCard({ band, open, onToggle }: { band: AgingBandView; open: boolean; onToggle: () => void }) {
  const panelId = `aging-band-${band.band}`;
  const withFloor = band.items.filter((item) => item.floor !== null).length;
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid={`aging-band-${band.band}`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex w-full flex-col gap-2 p-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600"
      >
        <span className="flex items-baseline justify-between gap-3">
          <span className="text-base font-semibold text-slate-900">{band.label}</span>
          <span className="text-sm font-medium text-slate-700">
            {formatNumber(band.count)} {band.count === 1 ? 'item' : 'items'}
          </span>
        </span>
        <span className="grid grid-cols-2 gap-2 text-sm">
          <span>
            <span className="block text-xs text-slate-500">Asking value</span>
            <span className="font-semibold text-slate-900" data-testid="asking-value">
              {totalWords(band.askingValue)}
            </span>
          </span>
          <span>
            <span className="block text-xs text-slate-500">
              Floor value{withFloor < band.count ? ` (${withFloor} of ${band.count})` : ''}
            </span>
            <span className="font-semibold text-slate-900" data-testid="floor-value">
              {totalWords(band.floorValue)}
            </span>
          </span>
        </span>
        <span className="flex flex-wrap items-center justify-between gap-2">
          <ActionsPlanned actions={band.actionsPlanned} />
          {band.noCostCount > 0 && (
            <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-200">
              {band.noCostCount} with no cost
            </span>
          )}
        </span>
      </button>
      {open && (
        <div id={panelId} className="border-t border-slate-100">
          <AgingBandItems items={band.items} />
        </div>
      )}
    </section>
  );
}

/**
 * Aging stock (decision 091): live stock by days listed, each band's asking and floor value, its items with
 * no cost, and, tapped, its items with their views and watchers where the marketplace tells them.
 */
export function AgingStockView() {
  const stock = useAgingStock();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-5">
      <ViewHeader
        title="Aging stock"
        subtitle="Live items by days listed. The floor value is what they would fetch at their profit floors; items with no cost have none."
        actions={
          <Link
            to={webPaths.profit}
            className="inline-flex h-11 items-center rounded-xl bg-white px-4 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
          >
            Profit
          </Link>
        }
      />
      {!stock.isSuccess ? (
        <ReadProgress read={stock} loading="Loading aging stock" failed="Could not load the aging stock" />
      ) : (
        <>
          {stock.data.pastPrediction.length > 0 && <PastPrediction items={stock.data.pastPrediction} />}
          <div className="grid items-start gap-3 md:grid-cols-2">
            {stock.data.bands.map((band) => (
              <BandCard
                key={band.band}
                band={band}
                open={open === band.band}
                onToggle={() => setOpen(open === band.band ? null : band.band)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

export const pastPredictionWords = {
  title: 'Past their predicted days to sale',
  intro: 'Live longer than your sales of items like them predict: worth a look at their price or photos first.',
} as const;

/** The items live past their predicted days to sale (decision 152), furthest past first, above the bands. */
function PastPrediction({ items }: { items: AgingItem[] }) {
  return (
    <section
      className="overflow-hidden rounded-2xl border border-amber-200 bg-white shadow-sm"
      aria-labelledby="past-prediction-title"
      data-testid="aging-past-prediction"
    >
      <div className="bg-amber-50 px-4 py-3">
        <h2 id="past-prediction-title" className="flex items-baseline justify-between gap-3 text-base font-semibold text-amber-900">
          {pastPredictionWords.title}
          <span className="shrink-0 whitespace-nowrap text-sm font-medium">
            {formatNumber(items.length)} {items.length === 1 ? 'item' : 'items'}
          </span>
        </h2>
        <p className="text-xs text-amber-900/80">{pastPredictionWords.intro}</p>
      </div>
      <AgingBandItems items={items} label={pastPredictionWords.title} />
    </section>
  );
}
