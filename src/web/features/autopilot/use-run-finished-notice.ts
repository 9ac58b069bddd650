import { useEffect, useRef } from 'react';
import { describeAutopilotCounts, type AutopilotRunResponse } from '@shared/contracts/autopilot';
import { useToast } from '@/components/toast';
import { notificationPermission } from '@/entities/channels/use-delist-tasks';

export const finishedWords = {
  title: 'Autopilot finished',
  message: (counts: Parameters<typeof describeAutopilotCounts>[0]) => `Autopilot finished: ${describeAutopilotCounts(counts)}`,
} as const;

/**
 * When a run this screen watched comes to its end: a browser notification if the seller allowed them on this device,
 * an in-app message otherwise. A run already finished when the screen opened is not announced; nor is one while this
 * device still has products to send (`uploading`: each product may settle before the next arrives, and the run goes
 * on). Each run is announced once, again only if products joined it after that.
 */
export function useRunFinishedNotice(answer: AutopilotRunResponse | undefined, browserNotifications: boolean, uploading = false) {
  /** The run seen first and, once announced (or finished when first seen), its size then. */
  const seen = useRef<{ runId: string; announcedTotal: number | null } | null>(null);
  /** The answer in hand while the device was still sending: it may not count the last product yet. */
  const beforeLastSent = useRef<AutopilotRunResponse | undefined>(undefined);
  if (uploading) beforeLastSent.current = answer;
  const notify = useToast();
  useEffect(() => {
    const run = answer?.run;
    if (!run) return;
    if (!seen.current) {
      // The first answer: a run already finished is old news.
      seen.current = { runId: run.runId, announcedTotal: run.finished && !uploading ? run.counts.total : null };
      return;
    }
    if (seen.current.runId !== run.runId) seen.current = { runId: run.runId, announcedTotal: null };
    const announced = seen.current.announcedTotal;
    if (!run.finished || uploading || answer === beforeLastSent.current) return;
    if (announced !== null && announced >= run.counts.total) return;
    seen.current = { runId: run.runId, announcedTotal: run.counts.total };
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
  }, [answer, browserNotifications, uploading, notify]);
}
