import { memo, useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { measureElement, type VirtualItem } from '@tanstack/react-virtual';
import type { ListedItem } from '@shared/contracts/items';
import { ThumbnailLoading } from '@/entities/items/item-thumbnail';
import { useWindowRows } from './use-window-rows';

/**
 * Up to this many cards the list is plain DOM (cheap, and find-in-page sees every card); past it, virtualised. A
 * seller known to have more is virtualised from the first page: appending a second page of 50 plain cards, then
 * switching to the virtual grid at the third, each took a long task of 200-500 ms under 4x CPU throttling.
 */
export const VIRTUALISE_AFTER = 100;
// grid-cols-1 (minmax(0, 1fr)): an implicit column grows to a long title's width and the page scrolls sideways on a phone.
const gridClass = 'grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3';

/** The grid's columns at this width: Tailwind's md (768 px) and xl (1280 px) breakpoints. */
const columnQueries = ['(min-width: 1280px)', '(min-width: 768px)'] as const;
/** Made once: React reads the columns at every render of the grid (a new MediaQueryList each time showed in profiles). */
let columnLists: MediaQueryList[] | null = null;
const columnMediaLists = () => (columnLists ??= columnQueries.map((query) => window.matchMedia(query)));
function currentColumns(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 1;
  const [wide, medium] = columnMediaLists();
  return wide?.matches ? 3 : medium?.matches ? 2 : 1;
}
function subscribeColumns(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const lists = columnMediaLists();
  for (const list of lists) list.addEventListener('change', onChange);
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

interface ProductGridProps {
  items: ListedItem[];
  /** How many the list holds once every page is loaded, when known (the seller's batch count, unfiltered). */
  total?: number;
  renderCard(item: ListedItem): ReactNode;
}

/**
 * The Product Batches list: a plain grid, or (when long) only the rows near the viewport (TanStack Virtual).
 * Memoised: the dashboard re-renders while a page loads (its spinner), which the list need not.
 */
export const ProductGrid = memo(function ProductGrid({ items, total = 0, renderCard }: ProductGridProps) {
  if (Math.max(items.length, total) <= VIRTUALISE_AFTER) {
    return (
      <ul className={gridClass} data-testid="product-list">
        {items.map(renderCard)}
      </ul>
    );
  }
  return <VirtualProductGrid items={items} renderCard={renderCard} />;
});

/** A row's height before any is measured: one row of collapsed cards and the gap below it, at 1280 px. */
const FIRST_ROW_ESTIMATE_PX = 184;

function VirtualProductGrid({ items, renderCard }: Omit<ProductGridProps, 'total'>) {
  const columns = useSyncExternalStore(subscribeColumns, currentColumns, () => 1);
  const rowCount = Math.ceil(items.length / columns);
  const rowItems = (index: number) => items.slice(index * columns, (index + 1) * columns);

  // The page scrolls, not the list: rows are placed relative to the list's distance from the top of the page,
  // which changes when a banner or an error box above it comes or goes.
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const node = listRef.current;
    if (!node) return;
    const measure = () => setScrollMargin(Math.round(node.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => observer?.disconnect();
  }, []);

  // Rows not yet measured are taken to be as tall as the last measured row of collapsed cards: close to the truth
  // at any width, so measuring a row seldom moves the rows below it or changes the page's height.
  const typicalRow = useRef(FIRST_ROW_ESTIMATE_PX);
  /** Each row's size as its ResizeObserver last reported it. */
  const measured = useRef(new Map<VirtualItem['key'], number>());
  // Stable between pages: TanStack places every row again (10,000 items: 3,334 rows) when the key function changes,
  // and a new one at every render did that at every card built.
  const getItemKey = useCallback((index: number) => items[index * columns]?.id ?? index, [items, columns]);
  const { virtualizer, rows, totalSize } = useWindowRows({
    count: rowCount,
    estimateSize: () => typicalRow.current,
    measureElement: (element, entry, instance) => {
      // Called from the row's ref while React commits: reading the DOM there forced a layout per new row (the
      // longest part of a scroll frame). The ResizeObserver reports the real size after the browser's own layout.
      const key = instance.options.getItemKey(instance.indexFromElement(element));
      if (!entry) return measured.current.get(key) ?? typicalRow.current;
      const size = measureElement(element, entry, instance);
      measured.current.set(key, size);
      if (size > 0 && !element.querySelector('[aria-expanded="true"]')) typicalRow.current = size;
      return size;
    },
    // One row beyond each edge of the screen: every frame of a scroll re-layerizes and pre-paints all the cards in
    // the DOM, so four rows each way (36 cards on a desktop) made each frame dearer. At 1,000 px/s under 4x CPU
    // throttling a row still comes into view a fifth of a second after it is mounted, time to build its three cards.
    overscan: 1,
    scrollMargin,
    getItemKey,
    cellsIn: (index) => Math.min(columns, items.length - index * columns),
  });

  return (
    <ThumbnailLoading value="eager">
      <div ref={listRef} data-testid="product-list" data-virtualised="true" className="relative" style={{ height: totalSize }}>
        {rows.map(({ row, cells }) => (
          <div
            key={row.key}
            role="presentation"
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute left-0 top-0 w-full pb-3 [contain:layout_style]"
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            <ul className={gridClass}>{rowItems(row.index).slice(0, cells).map(renderCard)}</ul>
          </div>
        ))}
      </div>
    </ThumbnailLoading>
  );
}
