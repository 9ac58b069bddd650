import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { delistTasksApi, type DelistTask } from '@shared/contracts/channels';
import { sellingPlanApi } from '@shared/contracts/selling-plan';
import { channelNames } from '@shared/domain/channel-listing';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';
import { itemKeys } from '../items/query-keys';

/** The delist tasks' words (the panel, the header badge, the browser notification). */
export const delistWords = {
  task: (task: Pick<DelistTask, 'channel'>) => `Delist from ${channelNames[task.channel]}`,
  notificationTitle: (count: number) => (count === 1 ? 'Sold: take 1 listing down' : `Sold: take ${count} listings down`),
  badge: (count: number) => `${count} to delist`,
} as const;

export const delistTaskKey = (task: Pick<DelistTask, 'itemId' | 'channel'>) => `${task.itemId}:${task.channel}`;

/** Tasks are set by a sale pulled on the server: read again every minute too, for a screen left open. */
const REFRESH_MS = 60_000;

/** GET /api/channels/delist-tasks: the seller's open delist tasks and price drops, one query read by both. */
const tasksQuery = {
  queryKey: itemKeys.delistTasks(),
  queryFn: ({ signal }: { signal: AbortSignal }) => callRoute(delistTasksApi.list, { signal }),
  refetchInterval: REFRESH_MS,
};

/** The seller's open delist tasks, oldest first. */
export const useDelistTasks = () => useQuery({ ...tasksQuery, select: (answer) => answer.tasks });

/** The same list's price drops to make by hand on assisted channels (decision 098), oldest first. */
export const useDropTasks = () => useQuery({ ...tasksQuery, select: (answer) => answer.dropTasks });

/**
 * "Done" on a drop task (POST /api/selling-plan/tasks/:id/done), on the dashboard's panel or in the week's plan: the
 * seller made the drop on the marketplace; the listing's price there is the new one.
 */
export function useDropTaskDone<Task extends { id: string }>(told: Told<unknown, Task> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) => callRoute(sellingPlanApi.taskDone, { params: { id: task.id } }),
    ...told,
    // The items' keys hold the task list, the cards' prices and this week's plan (decision 098).
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}

/** "Delisted": the task is done and the listing ended there (sent after the undo window; see the panel). */
export function useTickDelistTask(told: Told<unknown, DelistTask>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: DelistTask) => callRoute(delistTasksApi.tick, { params: { id: task.itemId, channel: task.channel } }),
    ...told,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}

const notificationsKey = ['channels', 'notifications'] as const;

/** Whether the seller chose browser notifications for delist tasks (remembered on the server; otherwise e-mail). */
export function useNotificationSetting() {
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: notificationsKey,
    queryFn: () => callRoute(delistTasksApi.notifications),
  });
  const save = useMutation({
    mutationFn: (browserNotifications: boolean) => callRoute(delistTasksApi.saveNotifications, { body: { browserNotifications } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationsKey, answer),
  });
  return { setting, save };
}

/** The browser's notification permission here, or null where there are no notifications (an iPhone's Safari tab). */
export function notificationPermission(): NotificationPermission | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : null;
}

/**
 * Shows a browser notification when new delist tasks arrive (the event stream refreshes the tasks), once the seller
 * allowed it: tasks already there when the screen opened are not announced again.
 */
export function useDelistNotifications(tasks: DelistTask[] | undefined, enabled: boolean) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!tasks) return;
    const keys = new Set(tasks.map(delistTaskKey));
    const known = seen.current;
    seen.current = keys;
    if (!known || !enabled || notificationPermission() !== 'granted') return;
    const fresh = tasks.filter((task) => !known.has(delistTaskKey(task)));
    if (!fresh.length) return;
    try {
      const notification = new window.Notification(delistWords.notificationTitle(fresh.length), {
        body: fresh.map((task) => `${delistWords.task(task)}: ${task.sku}${task.title ? ` ${task.title}` : ''}`).join('\n'),
        tag: 'delist-tasks',
      });
      notification.onclick = () => window.focus();
    } catch {
      // A phone's browser may allow notifications only from a service worker: the panel and the badge still show it.
    }
  }, [tasks, enabled]);
}
