import type { ReactNode } from 'react';
import { DecorativeThumbnail } from '@/components/decorative-thumbnail';

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
      <DecorativeThumbnail url={task.thumbnailUrl} className="size-12 rounded-lg" />
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

/** Each panel's colour: the delist tasks' amber, the price drops' indigo. */
const panelTones = {
  amber: { panel: 'border-amber-300 bg-amber-50', title: 'text-amber-950', intro: 'text-amber-900', row: 'ring-amber-200' },
  indigo: { panel: 'border-indigo-200 bg-indigo-50', title: 'text-indigo-950', intro: 'text-indigo-900', row: 'ring-indigo-100' },
} as const;
type PanelTone = keyof typeof panelTones;

/** A dashboard panel of tasks: its title with the count, an action beside it, what the tasks are, and their rows. */
export function TaskPanel({
  headingId,
  testId,
  tone,
  title,
  count,
  action,
  intro,
  children,
}: {
  /** The heading's id (a link to the panel goes to it). */
  headingId: string;
  testId: string;
  tone: PanelTone;
  title: string;
  count: number;
  action: ReactNode;
  intro: string;
  /** The rows (`TaskRow`). */
  children: ReactNode;
}) {
  const colours = panelTones[tone];
  return (
    <section aria-labelledby={headingId} className={`flex flex-col gap-3 rounded-2xl border p-4 ${colours.panel}`} data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className={`text-base font-semibold ${colours.title}`}>
          {title} <span className="font-normal">({count})</span>
        </h2>
        {action}
      </div>
      <p className={`text-sm ${colours.intro}`}>{intro}</p>
      <ul className="flex flex-col gap-2">{children}</ul>
    </section>
  );
}

/** A task's row: the item (`TaskItem`), then its listing's link and the button that says it is done. */
export function TaskRow({
  tone,
  testId,
  task,
  item,
  openListing,
  done,
}: {
  tone: PanelTone;
  testId: string;
  task: { sku: string; channel: string; url: string | null };
  item: ReactNode;
  /** The link's words. */
  openListing: string;
  done: ReactNode;
}) {
  return (
    <li
      className={`flex flex-wrap items-center gap-3 rounded-xl bg-white p-2 ring-1 sm:flex-nowrap ${panelTones[tone].row}`}
      data-testid={testId}
      data-sku={task.sku}
      data-channel={task.channel}
    >
      {item}
      <div className="flex w-full gap-2 sm:w-auto">
        {task.url && <OpenListingLink url={task.url}>{openListing}</OpenListingLink>}
        {done}
      </div>
    </li>
  );
}
