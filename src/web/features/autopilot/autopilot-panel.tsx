import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { webPaths } from '@shared/contracts/web-paths';
import { describeAutopilotCounts, type AutopilotRunResponse } from '@shared/contracts/autopilot';
import { channelsInWords } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SparklesIcon } from '@/components/icons';
import { useToast } from '@/components/toast';
import { notificationPermission, useNotificationSetting } from '@/entities/channels/use-delist-tasks';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useControlAutopilot } from './api/control-autopilot';
import { useAutopilotRun } from './api/get-autopilot-run';
import { AutopilotSettingsSheet } from './autopilot-settings-sheet';
import { AutopilotFailedList, AutopilotReviewQueue } from './autopilot-queues';
import { describeRule } from './rule-draft';
import { finishedWords, useRunFinishedNotice } from './use-run-finished-notice';
import { ReviewAnswersContext, type ReviewAnswer } from './review-answers';
import { tell } from '@/lib/told';

type Run = NonNullable<AutopilotRunResponse['run']>;

export const panelWords = {
  title: 'Autopilot',
  settings: 'Publish when ready',
  off: 'Turn on "Publish when ready" and each new product goes from photos to a live listing by itself.',
  on: (answer: AutopilotRunResponse) =>
    `On for new products: ${describeRule(answer.settings).replace(/^At/, 'at')}, on ${channelsInWords(answer.settings.channels)}.`,
  moving: (count: number) => `${count} on the way`,
  /**
   * What the products on the way wait for, by stage ("Running · 2 on the way" for half an hour said nothing):
   * "2 on the way: 1 waiting for its photos to finish uploading, 1 being published".
   */
  waitsFor: {
    uploading: (n: number) => `${n} waiting for ${n === 1 ? 'its' : 'their'} photos to finish uploading`,
    writing: (n: number) => `${n} having ${n === 1 ? 'its' : 'their'} listing written`,
    checking: (n: number) => `${n} being checked`,
    publishing: (n: number) => `${n} waiting for the marketplace to publish ${n === 1 ? 'it' : 'them'}`,
  },
  paused: (moving: number) =>
    moving
      ? `Paused: ${moving} product${moving === 1 ? '' : 's'} on the way wait${moving === 1 ? 's' : ''} until you resume.`
      : 'Paused: nothing moves on until you resume.',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  stopTitle: 'Stop autopilot?',
  stopMessage: (count: number) =>
    `${count} product${count === 1 ? '' : 's'} not yet published stay${count === 1 ? 's' : ''} as drafts, and new products wait for you.`,
  stopConfirm: 'Stop autopilot',
  stopped: 'Autopilot stopped. New products wait for you.',
  controlFailed: 'Could not reach the autopilot. Please try again.',
  loadFailed: 'Could not load the autopilot. Please try again.',
  notify: 'Notify me when it finishes',
  /** A finished run's way on: new products start the next run (the default on), or the default is turned on. */
  addMore: 'Add products',
  startAgain: 'Start again',
  progress: 'Autopilot progress',
} as const;

/**
 * The autopilot on the dashboard, phone first: "38 live, 9 waiting for you, 3 failed" with its progress,
 * Pause / Resume / Stop, the review queue with each product's Quick Fix, and the failures; "Publish when ready" opens
 * the default's settings. A run coming to its end is announced (browser notification or in-app message), once this
 * device's uploads (`uploading`, the app's upload queue) are all sent.
 */
export function AutopilotPanel({ uploading = false, answers = [] }: { uploading?: boolean; answers?: readonly ReviewAnswer[] }) {
  return (
    <ReviewAnswersContext.Provider value={answers}>
      <AutopilotPanelBody uploading={uploading} />
    </ReviewAnswersContext.Provider>
  );
}

function AutopilotPanelBody({ uploading }: { uploading: boolean }) {
  const run = useAutopilotRun();
  const { setting, save } = useNotificationSetting();
  const notifyOn = setting.data?.browserNotifications === true;
  useRunFinishedNotice(run.data, notifyOn, uploading);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const control = useControlAutopilot();
  const answer = run.data;
  // A run whose every product was stopped is no run to show.
  const current = answer?.run?.counts.total ? answer.run : null;
  const [permission, setPermission] = useState(notificationPermission);

  async function allowNotifications() {
    if (permission === null) return;
    const granted = await window.Notification.requestPermission();
    setPermission(granted);
    save.mutate(granted === 'granted');
  }
  const canAsk = Boolean(current && !current.finished) && permission !== null && permission !== 'denied' && !notifyOn && setting.isSuccess;

  return (
    <section
      aria-labelledby="autopilot-heading"
      className="flex flex-col gap-3 rounded-2xl border border-indigo-200 bg-gradient-to-br from-indigo-50 to-white p-3 shadow-sm sm:p-4"
      data-testid="autopilot-panel"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white">
          <SparklesIcon className="size-5" />
        </span>
        <h2 id="autopilot-heading" className="text-base font-semibold text-slate-900">
          {panelWords.title}
        </h2>
        <StateChip answer={answer} run={current} />
        <Button
          variant="secondary"
          size="sm"
          className="ml-auto"
          onClick={() => setSettingsOpen(true)}
          data-testid="autopilot-settings-open"
        >
          {panelWords.settings}
        </Button>
      </div>

      {run.isError && <Alert tone="error">{panelWords.loadFailed}</Alert>}
      {answer && !current && <p className="text-sm text-slate-600">{answer.settings.enabled ? panelWords.on(answer) : panelWords.off}</p>}
      <Link
        to={webPaths.priceList}
        className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 sm:hidden"
      >
        Your price list
      </Link>
      {answer && current && (
        <RunSummary
          control={control}
          run={current}
          paused={answer.state === 'paused'}
          again={
            answer.settings.enabled ? (
              <Link
                to={webPaths.capture}
                className="inline-flex h-11 flex-1 items-center justify-center rounded-lg bg-indigo-600 px-3 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:h-9 sm:flex-none"
              >
                {panelWords.addMore}
              </Link>
            ) : (
              <Button size="sm" className="h-11 flex-1 sm:h-9 sm:flex-none" onClick={() => setSettingsOpen(true)}>
                {panelWords.startAgain}
              </Button>
            )
          }
          notifyButton={
            canAsk && (
              <Button
                variant="ghost"
                size="sm"
                className="h-11 w-full text-indigo-700 sm:ml-auto sm:h-9 sm:w-auto"
                loading={save.isPending}
                onClick={() => void allowNotifications()}
              >
                {panelWords.notify}
              </Button>
            )
          }
        />
      )}
      {current && current.review.length > 0 && <AutopilotReviewQueue items={current.review} total={current.counts.waiting} />}
      {current && current.failed.length > 0 && <AutopilotFailedList items={current.failed} total={current.counts.failed} />}

      {settingsOpen && <AutopilotSettingsSheet open onOpenChange={setSettingsOpen} />}
    </section>
  );
}

function StateChip({ answer, run }: { answer: AutopilotRunResponse | undefined; run: Run | null }) {
  // Its room is kept while the run loads: the button beside it does not jump under a finger (a phone's tap missed it).
  if (!answer)
    return (
      <span className="invisible rounded-full px-2.5 py-0.5 text-xs font-semibold" aria-hidden="true">
        Off
      </span>
    );
  const [label, tone] =
    run && !run.finished
      ? answer.state === 'paused'
        ? ['Paused', 'bg-amber-100 text-amber-900']
        : ['Running', 'bg-emerald-100 text-emerald-900']
      : run?.finished
        ? ['Finished', 'bg-slate-100 text-slate-700']
        : answer.settings.enabled
          ? ['On', 'bg-emerald-100 text-emerald-900']
          : ['Off', 'bg-slate-100 text-slate-700'];
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)} data-testid="autopilot-state">
      {label}
    </span>
  );
}

function RunSummary({
  run,
  paused,
  notifyButton,
  again,
  control,
}: {
  run: Run;
  paused: boolean;
  notifyButton: ReactNode;
  /** What a finished run offers instead of Pause and Stop: the way to the next run. */
  again: ReactNode;
  /** The panel's: a stop can leave no run to show, and its message must still be said. */
  control: ReturnType<typeof useControlAutopilot>;
}) {
  const notify = useToast();
  const [confirmStop, setConfirmStop] = useState(false);
  const { counts } = run;
  const done = counts.live + counts.waiting + counts.failed;
  const unpublished = counts.total - counts.live;
  const toggle = paused ? 'resume' : 'pause';
  const act = (action: 'pause' | 'resume' | 'stop') =>
    tell(control, action, {
      onSuccess: () => action === 'stop' && notify('success', panelWords.stopped),
      // A refusal says why (a run that finished meanwhile has nothing to stop); anything else is a try-again.
      onError: (err) => notify('error', err instanceof ApiError && err.status === 409 ? err.message : panelWords.controlFailed),
    });

  return (
    <div className="flex flex-col gap-3">
      <div aria-live="polite" className="flex flex-col gap-1" data-testid="autopilot-summary">
        <p className="text-lg font-bold leading-snug text-slate-900" data-testid="autopilot-counts">
          {run.finished ? finishedWords.message(counts) : describeAutopilotCounts(counts)}
        </p>
        {!run.finished && (paused || counts.moving > 0) && (
          <p className="text-sm text-slate-600" data-testid="autopilot-moving">
            {paused ? panelWords.paused(counts.moving) : movingText(counts.moving, run.moving)}
          </p>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={panelWords.progress}
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${counts.total} done`}
        className="flex h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <span className="bg-emerald-500" style={{ width: `${pct(counts.live, counts.total)}%` }} />
        <span className="bg-amber-400" style={{ width: `${pct(counts.waiting, counts.total)}%` }} />
        <span className="bg-red-500" style={{ width: `${pct(counts.failed, counts.total)}%` }} />
      </div>
      <div className="flex flex-wrap gap-2">
        {run.finished ? (
          again
        ) : (
          // One button: Resume (primary) while paused, else Pause.
          <Button
            variant={paused ? 'primary' : 'secondary'}
            size="sm"
            className="h-11 flex-1 sm:h-9 sm:flex-none"
            loading={control.isPending && control.variables === toggle}
            onClick={() => act(toggle)}
          >
            {panelWords[toggle]}
          </Button>
        )}
        {!run.finished && unpublished > 0 && (
          <Button variant="secondary" size="sm" className="h-11 flex-1 sm:h-9 sm:flex-none" onClick={() => setConfirmStop(true)}>
            {panelWords.stop}
          </Button>
        )}
        {notifyButton}
      </div>
      <ConfirmDialog
        open={confirmStop}
        onOpenChange={setConfirmStop}
        title={panelWords.stopTitle}
        message={panelWords.stopMessage(unpublished)}
        confirmLabel={panelWords.stopConfirm}
        onConfirm={() => act('stop')}
      />
    </div>
  );
}

const movingStages = ['uploading', 'writing', 'checking', 'publishing'] as const;

/** "2 on the way: 1 waiting for its photos to finish uploading, 1 being published" (the products shown, by stage). */
export function movingText(count: number, moving: Run['moving']): string {
  const parts = movingStages.flatMap((stage) => {
    const n = moving.filter((item) => item.stage === stage).length;
    return n ? [panelWords.waitsFor[stage](n)] : [];
  });
  return parts.length ? `${panelWords.moving(count)}: ${parts.join(', ')}` : panelWords.moving(count);
}

const pct = (part: number, whole: number) => (whole ? (part / whole) * 100 : 0);
