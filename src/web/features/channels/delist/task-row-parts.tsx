import type { ReactNode } from 'react';

/**
 * The parts every task row of the dashboard's panels shows (a listing to end on an assisted marketplace, a price drop to
 * make there): the item's thumbnail, what to do above its SKU and title, and the link to its listing.
 */
export function TaskItem({
  task,
  heading,
  headingClassName,
  children,
}: {
  task: { thumbnailUrl: string | null; sku: string; title: string | null };
  /** What to do, in the panel's colour. */
  heading: ReactNode;
  headingClassName: string;
  /** More lines under the SKU and title. */
  children?: ReactNode;
}) {
  return (
    <>
      {task.thumbnailUrl ? (
        <img src={task.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="size-12 shrink-0 rounded-lg bg-slate-100" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className={`text-sm font-semibold ${headingClassName}`}>{heading}</p>
        <p className="truncate text-xs text-slate-600">
          {task.sku}
          {task.title ? ` · ${task.title}` : ''}
        </p>
        {children}
      </div>
    </>
  );
}

/** The task's listing on the marketplace, in a new tab. */
export function OpenListingLink({ url, children }: { url: string; children: ReactNode }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex h-11 flex-1 items-center justify-center rounded-xl px-3 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:h-9 sm:flex-none"
    >
      {children}
    </a>
  );
}
