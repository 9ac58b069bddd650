import { useEffect, useRef } from 'react';
import { describeAutopilotCounts, type AutopilotRunResponse } from '@shared/contracts/autopilot';
import { useToast } from '../../components/toast';
import { notificationPermission } from '../../entities/channels/use-delist-tasks';

export const finishedWords = {
  title: 'Autopilot finished',
  message: (counts: Parameters<typeof describeAutopilotCounts>[0]) => `Autopilot finished: ${describeAutopilotCounts(counts)}`,
} as const;

/**
 * When a run this screen watched comes to its end: a browser notification if the seller allowed them on this device,
 * an in-app message otherwise. A run already finished when the screen opened is not announced.
 */
export function useRunFinishedNotice(answer: AutopilotRunResponse | undefined, browserNotifications: boolean) {
  const seen = useRef<{ runId: string; finished: boolean } | null>(null);
  const notify = useToast();
  useEffect(() => {
    const run = answer?.run;
    if (!run) return;
    const before = seen.current;
    seen.current = { runId: run.runId, finished: run.finished };
    if (!before || !run.finished || (before.runId === run.runId && before.finished)) return;
    const text = finishedWords.message(run.counts);
    if (browserNotifications && notificationPermission() === 'granted') {
      try {
        const notification = new window.Notification(finishedWords.title, { body: describeAutopilotCounts(run.counts), tag: 'autopilot' });
        notification.onclick = () => window.focus();
        return;
      } catch {
        // A phone's browser may allow notifications only from a service worker: the in-app message says it instead.
      }
    }
    notify('success', text);
  }, [answer, browserNotifications, notify]);
}
