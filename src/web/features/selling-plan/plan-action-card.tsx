import { formatDay } from '@shared/domain/display-format';

import type { PlanAction } from '@shared/contracts/selling-plan';
import { Button } from '@/components/button';
import { showMoney } from '@/entities/profit-floor/floor-figures';
import { DecorativeThumbnail } from '@/components/decorative-thumbnail';
import { FloorAndProfit } from './floor-and-profit';

export const actionWords = {
  approve: 'Approve',
  reject: 'Reject',
  done: 'Done',
  kind: (action: PlanAction) => {
    if (action.kind === 'relist') return `Relist on ${action.channelLabel}`;
    if (action.kind === 'offer') return `Offer on ${action.channelLabel}`;
    return `Drop on ${action.channelLabel}`;
  },
  state: {
    planned: '',
    ending: 'Ending to relist…',
    relisting: 'Relisting…',
    sending: 'Sending…',
    task: 'To do',
    applied: 'Done',
    failed: 'Failed',
  } satisfies Record<PlanAction['state'], string>,
  decision: { pending: 'Waiting for you', approved: 'Approved', rejected: 'Rejected' } satisfies Record<PlanAction['decision'], string>,
  automatic: 'Automatic',
  due: (iso: string) => `Due ${dayOf(iso)}`,
  /** When a planned action goes out: its day, or within the hour once due (the plan is carried out hourly), once it may. */
  goesOut: (action: Pick<PlanAction, 'dueAt' | 'decision' | 'automatic'>, now = Date.now()) => {
    const due = new Date(action.dueAt).getTime() <= now;
    if (action.decision === 'rejected') return `Due ${due ? 'now' : dayOf(action.dueAt)}: not sent`;
    if (action.decision === 'pending' && !action.automatic) return `Due ${due ? 'now' : dayOf(action.dueAt)}: goes out once you approve it`;
    return due ? 'Goes out within the hour' : `Goes out ${dayOf(action.dueAt)}`;
  },
} as const;

function dayOf(iso: string): string {
  return formatDay(iso, { weekday: true });
}

function statusText(action: PlanAction): string {
  if (action.state !== 'planned') return actionWords.state[action.state];
  if (action.decision === 'pending' && action.automatic) return actionWords.automatic;
  return actionWords.decision[action.decision];
}

/** One planned action: the item, what happens when, the price against the floor and the profit, and its buttons. */
export function PlanActionCard({
  action,
  onDecide,
  onDone,
  busy,
}: {
  action: PlanAction;
  onDecide?: (decision: 'approve' | 'reject') => void;
  onDone?: () => void;
  busy?: boolean;
}) {
  const decidable = action.state === 'planned' && onDecide;
  const changed = action.kind !== 'relist' && action.from.amountMinor !== action.price.amountMinor;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200 sm:flex-row sm:items-center"
      data-testid="plan-action"
      data-kind={action.kind}
      data-channel={action.channel}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <DecorativeThumbnail url={action.thumbnailUrl} className="size-14 rounded-xl" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">
            {action.state === 'task' && action.message ? action.message : actionWords.kind(action)}
            <span className="ml-2 font-normal text-slate-500" data-testid="plan-goes-out">
              {action.state === 'planned' ? actionWords.goesOut(action) : actionWords.due(action.dueAt)}
            </span>
          </p>
          <p className="truncate text-sm text-slate-600">
            {action.sku}
            {action.title ? ` · ${action.title}` : ''}
          </p>
          <p className="mt-1 text-sm text-slate-800">
            {changed ? (
              <>
                <span className="text-slate-500 line-through">{showMoney(action.from)}</span>{' '}
                <span className="font-semibold">{showMoney(action.price)}</span>
              </>
            ) : (
              <span className="font-semibold">{showMoney(action.price)}</span>
            )}
            <FloorAndProfit floor={action.floor} profit={action.profit} />
          </p>
          {action.rule && (
            <p className="mt-0.5 text-xs text-slate-600" data-testid="plan-rule-ref">
              {`By ${action.rule.words.charAt(0).toLowerCase()}${action.rule.words.slice(1)}`}
              {action.rule.summary ? `: ${action.rule.summary}` : ''}
            </p>
          )}
          {action.notes.map((note) => (
            <p key={note} className="mt-0.5 text-xs text-amber-800">
              {note}
            </p>
          ))}
          {action.state === 'failed' && action.message && <p className="mt-0.5 text-xs text-red-700">{action.message}</p>}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {statusText(action) && (
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700" data-testid="plan-status">
            {statusText(action)}
          </span>
        )}
        {decidable && action.decision !== 'approved' && (
          <Button variant="success" size="md" className="flex-1 sm:flex-none" onClick={() => onDecide('approve')} disabled={busy}>
            {actionWords.approve}
          </Button>
        )}
        {decidable && action.decision !== 'rejected' && (
          <Button variant="secondary" size="md" className="flex-1 sm:flex-none" onClick={() => onDecide('reject')} disabled={busy}>
            {actionWords.reject}
          </Button>
        )}
        {onDone && (
          <Button variant="primary" size="md" className="flex-1 sm:flex-none" onClick={onDone} disabled={busy}>
            {actionWords.done}
          </Button>
        )}
      </div>
    </li>
  );
}
