import { useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ListedItem } from '@shared/contracts/items';
import { cn } from '../../lib/cn';

/** Up to this many cards the list is plain DOM (cheap, and find-in-page sees every card); past it, virtualised. */
export const VIRTUALISE_AFTER = 100;
const gridClass = 'grid gap-3 md:grid-cols-2 xl:grid-cols-3';

/** The grid's columns at this width: Tailwind's md (768 px) and xl (1280 px) breakpoints. */
const columnQueries = ['(min-width: 1280px)', '(min-width: 768px)'] as const;
function currentColumns(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 1;
  return window.matchMedia(columnQueries[0]).matches ? 3 : window.matchMedia(columnQueries[1]).matches ? 2 : 1;
}
function subscribeColumns(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const lists = columnQueries.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

interface ProductGridProps {
  items: ListedItem[];
  renderCard(item: ListedItem): ReactNode;
}

/** The Product Batches list: a plain grid, or (when long) only the rows near the viewport (TanStack Virtual). */
export function ProductGrid({ items, renderCard }: ProductGridProps) {
  if (items.length <= VIRTUALISE_AFTER) {
    return (
      <ul className={gridClass} data-testid="product-list">
        {items.map(renderCard)}
      </ul>
    );
  }
  return <VirtualProductGrid items={items} renderCard={renderCard} />;
}

function VirtualProductGrid({ items, renderCard }: ProductGridProps) {
  const columns = useSyncExternalStore(subscribeColumns, currentColumns, () => 1);
  const rows: ListedItem[][] = [];
  for (let i = 0; i < items.length; i += columns) rows.push(items.slice(i, i + columns));

  // The page scrolls, not the list: rows are placed relative to the list's distance from the top of the page,
  // which changes when a banner or an error box above it comes or goes.
  const listRef = useRef<HTMLDivElement>(null);
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

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 160,
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => rows[index]?.[0]?.id ?? index,
  });

  return (
    <div
      ref={listRef}
      data-testid="product-list"
      data-virtualised="true"
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          role="presentation"
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="absolute left-0 top-0 w-full pb-3"
          style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
        >
          <ul className={cn(gridClass)}>{rows[row.index]?.map(renderCard)}</ul>
        </div>
      ))}
    </div>
  );
}
