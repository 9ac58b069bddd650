import { Link } from 'react-router';
import { webPaths } from '@shared/contracts/web-paths';
import { delistWords, useDelistTasks } from './use-delist-tasks';

/** The header's count of open delist tasks (issue 34), until every one is ticked: a link to the dashboard's panel. */
export function DelistBadge() {
  const count = useDelistTasks().data?.length ?? 0;
  if (!count) return null;
  return (
    <Link
      to={`${webPaths.dashboard}#delist-heading`}
      className="inline-flex h-11 shrink-0 items-center whitespace-nowrap rounded-full px-1 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:h-9"
      data-testid="delist-badge"
    >
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-400 sm:px-2.5 sm:py-1">
        {delistWords.badge(count)}
      </span>
    </Link>
  );
}
