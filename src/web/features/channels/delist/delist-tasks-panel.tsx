import { useEffect, useRef, useState } from 'react';
import type { DelistTask } from '@shared/contracts/channels';
import { channelNames } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { useToast } from '@/components/toast';
import {
  delistTaskKey,
  delistWords,
  notificationPermission,
  useDelistNotifications,
  useDelistTasks,
  useNotificationSetting,
  useTickDelistTask,
} from '@/entities/channels/use-delist-tasks';
import { useListingEvents } from '@/entities/channels/use-listing-events';
import { ApiError } from '@/lib/api-client';
import { TaskItem, TaskPanel, TaskRow } from './task-row-parts';

/** A tick waits this long for Undo before it is sent: as long as its toast (with Undo) shows. */
export const UNDO_MS = 6000;

export const panelWords = {
  title: 'Sold: take these down',
  intro: 'Each item sold elsewhere. Take its listing down on the marketplace, then tick it.',
  tick: 'Delisted',
  ticked: (task: DelistTask) => `${task.sku}: marked delisted from ${channelNames[task.channel]}.`,
  undo: 'Undo',
  tickFailed: 'Could not save the tick. Please try again.',
  notify: 'Notify me on this device',
  notifyHint: 'When an item sells, you will be asked here to delist it elsewhere.',
  notifyOn: 'Notifications are on for this device.',
  denied: 'Notifications are blocked in this browser: you will get an e-mail instead.',
  openListing: 'Open listing',
} as const;

/**
 * The delist tasks: each assisted listing of an item sold elsewhere, "Delist from Poshmark" with the item
 * and a link to the listing, and a "Delisted" tick (Undo for a few seconds before it is sent). Follows the event
 * stream, so a sale pulled on the server shows here at once, and a browser notification when the seller allowed it.
 */
export function DelistTasksPanel() {
  useListingEvents();
  const tasks = useDelistTasks();
  const { setting, save } = useNotificationSetting();
  const notifyOn = setting.data?.browserNotifications === true;
  useDelistNotifications(tasks.data, notifyOn);
  const notify = useToast();
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const tick = useTickDelistTask({
    // The tasks were read again before this runs: the ticked one is gone from them.
    onSuccess: (_answer, task) => setHidden((current) => without(current, delistTaskKey(task))),
    onError: (err, task) => {
      setHidden((current) => without(current, delistTaskKey(task)));
      // Ticked already (on another device): nothing left to do.
      if (!(err instanceof ApiError && err.status === 409)) notify('error', panelWords.tickFailed);
    },
  });
  const [permission, setPermission] = useState(notificationPermission);
  const pending = useRef(new Map<string, { task: DelistTask; timer: ReturnType<typeof setTimeout> }>());

  // Leaving the screen sends the ticks still waiting for Undo.
  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const { task, timer } of waiting.values()) {
        clearTimeout(timer);
        tick.mutate(task);
      }
      waiting.clear();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function send(task: DelistTask) {
    const key = delistTaskKey(task);
    pending.current.delete(key);
    tick.mutate(task);
  }

  function tickTask(task: DelistTask) {
    const key = delistTaskKey(task);
    setHidden((current) => new Set(current).add(key));
    pending.current.set(key, { task, timer: setTimeout(() => send(task), UNDO_MS) });
    notify('success', panelWords.ticked(task), {
      label: panelWords.undo,
      onAction: () => {
        const waiting = pending.current.get(key);
        if (!waiting) return;
        clearTimeout(waiting.timer);
        pending.current.delete(key);
        setHidden((current) => without(current, key));
      },
    });
  }

  async function allowNotifications() {
    if (permission === null) return;
    const answer = await window.Notification.requestPermission();
    setPermission(answer);
    save.mutate(answer === 'granted');
  }

  const shown = (tasks.data ?? []).filter((task) => !hidden.has(delistTaskKey(task)));
  const canAsk = permission !== null && !notifyOn && setting.isSuccess;

  if (!shown.length) {
    if (!canAsk) return null;
    return (
      <div
        className="flex flex-wrap items-center gap-2 rounded-xl bg-white px-3 py-2 ring-1 ring-slate-200"
        data-testid="delist-notify-prompt"
      >
        <p className="min-w-0 flex-1 text-sm text-slate-600">{permission === 'denied' ? panelWords.denied : panelWords.notifyHint}</p>
        {permission !== 'denied' && (
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11 sm:min-h-0"
            onClick={() => void allowNotifications()}
            loading={save.isPending}
          >
            {panelWords.notify}
          </Button>
        )}
      </div>
    );
  }

  return (
    <TaskPanel
      headingId="delist-heading"
      testId="delist-tasks"
      tone="amber"
      title={panelWords.title}
      count={shown.length}
      action={
        canAsk &&
        permission !== 'denied' && (
          <Button variant="secondary" size="sm" className="ml-auto min-h-11 sm:min-h-0" onClick={() => void allowNotifications()}>
            {panelWords.notify}
          </Button>
        )
      }
      intro={panelWords.intro}
    >
      {shown.map((task) => (
        <TaskRow
          key={delistTaskKey(task)}
          tone="amber"
          testId="delist-task"
          task={task}
          item={<TaskItem task={task} heading={delistWords.task(task)} headingClassName="text-amber-950" />}
          openListing={panelWords.openListing}
          done={
            <Button
              variant="success"
              size="sm"
              className="h-11 flex-1 sm:h-9 sm:flex-none"
              onClick={() => tickTask(task)}
              aria-label={`${panelWords.tick}: ${delistWords.task(task)}, ${task.sku}`}
            >
              {panelWords.tick}
            </Button>
          }
        />
      ))}
    </TaskPanel>
  );
}

function without(set: Set<string>, key: string) {
  const next = new Set(set);
  next.delete(key);
  return next;
}
