import { formatDay } from '@shared/domain/display-format';

import { useId, useRef, useState } from 'react';
import type { SoldWithoutCostItem } from '@shared/contracts/what-sells';
import { channelNames } from '@shared/domain/channel-listing';
import { formatMoney } from '@shared/domain/money';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useToast } from '@/components/toast';
import { useSoldWithoutCost } from './api/sold-without-cost';
import { SoldCostForm } from './sold-cost-form';

export const soldWithoutCostWords = {
  heading: 'Sold with no cost',
  lead: 'Their profit is left out until you say what you paid.',
  selectAll: 'Select all shown',
  select: (sku: string) => `Select ${sku}`,
  showMore: 'Show more',
  shown: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  saved: (count: number) => `Saved: ${count} ${count === 1 ? 'item now counts' : 'items now count'} in your profit`,
  failedToLoad: 'Could not load your sales with no cost',
} as const;

/** "Sold on eBay for $25.00 on Nov 3, 2026", the day in the seller's locale. */
export function soldLine(item: SoldWithoutCostItem): string {
  const day = formatDay(item.soldAt, { year: true });
  return `Sold on ${channelNames[item.channel]} for ${formatMoney(item.price)} on ${day}`;
}

/**
 * The sold items whose profit What sells leaves out for want of a cost (decision 155), most often past sales imported
 * from a marketplace: the seller ticks some, says what they paid (one cost, or a total split over them) and where,
 * and they count from then on. Nothing shows when every sold item has a cost.
 */
export function SoldWithoutCost() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useSoldWithoutCost();
  const notify = useToast();
  const [selected, setSelected] = useState<ReadonlyMap<string, SoldWithoutCostItem>>(new Map());
  const pages = list.data?.pages ?? [];
  const total = pages[0]?.total ?? 0;
  const seen = new Set<string>();
  const shown = pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && seen.add(item.id));

  if (list.isError && !list.data)
    return (
      <Alert tone="error" title={soldWithoutCostWords.failedToLoad}>
        {list.error.message}
      </Alert>
    );
  if (total === 0 || shown.length === 0) return null;

  const allShown = shown.every((item) => selected.has(item.id));
  const toggle = (items: SoldWithoutCostItem[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (on) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  const chosen = [...selected.values()];

  return (
    <section
      aria-labelledby={headingId}
      data-testid="sold-without-cost"
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-amber-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 outline-none text-base font-semibold text-slate-900"
        >
          {soldWithoutCostWords.heading}
          <span
            data-testid="sold-without-cost-count"
            className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm tabular-nums text-amber-900"
          >
            {total}
            <span className="sr-only"> {total === 1 ? 'item' : 'items'}</span>
          </span>
        </h2>
        <p className="mt-1 text-sm text-slate-600">{soldWithoutCostWords.lead}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 border-b border-slate-200 pb-1">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5 rounded accent-indigo-600"
            checked={allShown}
            onChange={(event) => toggle(shown, event.target.checked)}
          />
          {soldWithoutCostWords.selectAll}
        </label>
        <p className="text-sm text-slate-600" aria-live="polite">
          {selected.size > 0 ? `${selected.size} selected` : soldWithoutCostWords.shown(shown.length, total)}
        </p>
      </div>
      <ul className="-mx-2 flex max-h-[26rem] flex-col overflow-y-auto" aria-label="Sold with no cost">
        {shown.map((item) => (
          <SoldItemRow key={item.id} item={item} checked={selected.has(item.id)} onChange={(on) => toggle([item], on)} />
        ))}
        {list.hasNextPage && (
          <li className="flex flex-wrap items-center gap-3 px-2 py-2">
            <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {soldWithoutCostWords.showMore}
            </Button>
            <span className="text-sm text-slate-500">{soldWithoutCostWords.shown(shown.length, total)}</span>
          </li>
        )}
      </ul>
      {chosen.length > 0 && (
        <SoldCostForm
          key={chosen[0]!.price.currency}
          selected={chosen}
          onSaved={(count) => {
            setSelected(new Map());
            notify('success', soldWithoutCostWords.saved(count));
            // The form goes with the selection: the keyboard carries on from the list's top, not from the page's.
            heading.current?.focus();
          }}
        />
      )}
    </section>
  );
}

function SoldItemRow({ item, checked, onChange }: { item: SoldWithoutCostItem; checked: boolean; onChange(on: boolean): void }) {
  const facts = [item.brand, item.category].filter(Boolean).join(' · ');
  return (
    <li>
      <label
        data-testid="sold-without-cost-item"
        className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl px-2 py-2.5 hover:bg-slate-50 has-[:checked]:bg-indigo-50"
      >
        <input
          type="checkbox"
          aria-label={soldWithoutCostWords.select(item.sku)}
          className="mt-0.5 size-5 shrink-0 rounded accent-indigo-600"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="min-w-0 flex-1">
          <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="font-mono text-xs font-semibold text-slate-600">{item.sku}</span>
            {item.title && <span className="min-w-0 break-words text-sm font-medium text-slate-900">{item.title}</span>}
          </span>
          <span className="block text-sm text-slate-700">{soldLine(item)}</span>
          {facts && <span className="block text-xs text-slate-600">{facts}</span>}
        </span>
      </label>
    </li>
  );
}
