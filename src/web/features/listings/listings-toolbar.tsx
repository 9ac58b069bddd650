import { FilterSelect } from '@/components/filter-select';
import { SearchIcon } from '@/components/icons';
import { ToastDock } from '@/components/toast';
import { listingStatusFilters, listingStatusLabels, type ListingFilter } from './listing-filters';

const fieldClass =
  'h-11 rounded-xl border border-slate-300 bg-white text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:text-sm';

/**
 * Search by SKU or title and filter by status, kept at the top while the list scrolls; the screen's notices show
 * here, in the flow, so they push the cards down instead of covering them.
 */
export function ListingsToolbar({
  filter,
  onFilter,
  shown,
  total,
}: {
  filter: ListingFilter;
  onFilter(next: ListingFilter): void;
  shown: number;
  total: number;
}) {
  return (
    <div
      className="sticky top-16 z-20 -mx-4 flex flex-col gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2 sm:-mx-6 sm:px-6"
      data-testid="listings-toolbar"
    >
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            aria-label="Search listings"
            placeholder="SKU or title"
            value={filter.q}
            onChange={(e) => onFilter({ ...filter, q: e.target.value })}
            className={`${fieldClass} w-full pl-9 pr-3`}
          />
        </div>
        <FilterSelect
          label="Status"
          all="All statuses"
          value={filter.status}
          choices={listingStatusFilters}
          wordsOf={(value) => listingStatusLabels[value]}
          onChange={(status) => onFilter({ ...filter, status })}
          className={`${fieldClass} w-40 shrink-0 pl-2.5 pr-7 sm:w-44`}
        />
      </div>
      {(filter.q || filter.status) && (
        <p className="text-xs text-slate-600" aria-live="polite" data-testid="filter-count">
          Showing {shown} of {total}
        </p>
      )}
      <ToastDock />
    </div>
  );
}
