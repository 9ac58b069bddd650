import type { DropTask } from '@shared/contracts/channels';
import { webPaths } from '@shared/contracts/web-paths';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { useToast } from '@/components/toast';
import { showMoney } from '@/entities/profit-floor/floor-figures';
import { useDropTaskDone, useDropTasks } from '@/entities/channels/use-delist-tasks';
import { TaskItem, TaskPanel, TaskRow } from './task-row-parts';

export const dropTaskWords = {
  title: 'Price drops to make',
  intro: 'Your rule planned these drops, never under your floor. Make each on the marketplace, then tap Done.',
  done: 'Done',
  doneToast: (task: DropTask) => `${task.sku}: ${task.words}, done.`,
  doneFailed: 'Could not save it. Please try again.',
  openListing: 'Open listing',
  plan: 'This week’s plan',
  figures: (task: DropTask) =>
    ` · floor ${task.floor ? showMoney(task.floor) : '—'} · profit ${task.profit ? showMoney(task.profit) : '—'}`,
} as const;

/**
 * The assisted channels' price drops (decision 098) beside the delist tasks on the dashboard: "Drop to
 * $38.00 on Poshmark" with the old and new price, the floor and the profit at it, the marketplace's note (Poshmark
 * tells likers of a drop of 10% or more), a link to the listing, and Done.
 */
export function DropTasksPanel() {
  const tasks = useDropTasks();
  const notify = useToast();
  const done = useDropTaskDone<DropTask>({
    onSuccess: (_answer, task) => notify('success', dropTaskWords.doneToast(task)),
    onError: () => notify('error', dropTaskWords.doneFailed),
  });
  const shown = tasks.data ?? [];
  if (!shown.length) return null;
  return (
    <TaskPanel
      headingId="drop-tasks-heading"
      testId="drop-tasks"
      tone="indigo"
      title={dropTaskWords.title}
      count={shown.length}
      action={
        <Link
          to={webPaths.sellingPlan}
          className="ml-auto inline-flex min-h-11 items-center text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 sm:min-h-0"
        >
          {dropTaskWords.plan}
        </Link>
      }
      intro={dropTaskWords.intro}
    >
      {shown.map((task) => (
        <TaskRow
          key={task.id}
          tone="indigo"
          testId="drop-task"
          task={task}
          item={
            <TaskItem task={task} heading={task.words} headingClassName="text-indigo-950">
              <p className="text-xs text-slate-700">
                <span className="text-slate-500 line-through">{showMoney(task.from)}</span>{' '}
                <span className="font-semibold">{showMoney(task.price)}</span>
                {dropTaskWords.figures(task)}
              </p>
              {task.notes.map((note) => (
                <p key={note} className="text-xs text-amber-800">
                  {note}
                </p>
              ))}
            </TaskItem>
          }
          openListing={dropTaskWords.openListing}
          done={
            <Button
              variant="primary"
              size="sm"
              className="h-11 flex-1 sm:h-9 sm:flex-none"
              disabled={done.isPending}
              onClick={() => done.mutate(task)}
              aria-label={`${dropTaskWords.done}: ${task.words}, ${task.sku}`}
            >
              {dropTaskWords.done}
            </Button>
          }
        />
      ))}
    </TaskPanel>
  );
}
