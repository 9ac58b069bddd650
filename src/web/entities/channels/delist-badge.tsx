import { Link } from 'react-router';
import { webPaths } from '@shared/contracts/web-paths';
import { delistWords, useDelistTasks } from './use-delist-tasks';

/** The header's count of open delist tasks, until every one is ticked: a link to the dashboard's panel. */
export function DelistBadge() {
  const count = useDelistTasks().data?.length ?? 0;
  if (!count) return null;
  return (
    <Link
      to={`${webPaths.dashboard}#delist-heading`}
      className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center whitespace-nowrap rounded-full px-1 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:h-9"
      aria-label={delistWords.badge(count)}
      data-testid="delist-badge"
    >
      {/* A phone's header has room for the count only (the name says the rest). */}
      <span className="min-w-6 rounded-full bg-amber-100 px-2 py-0.5 text-center text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-400 sm:px-2.5 sm:py-1">
        <span className="sm:hidden">{count}</span>
        <span className="hidden sm:inline">{delistWords.badge(count)}</span>
      </span>
    </Link>
  );
}
