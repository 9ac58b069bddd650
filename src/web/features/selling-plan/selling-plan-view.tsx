import type { ReactNode } from 'react';
import type { PlanAction } from '@shared/contracts/selling-plan';
import { channelNames } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { ReadProgress } from '@/components/read-progress';
import { useToast } from '@/components/toast';
import { ViewHeader } from '@/components/view-header';
import { useDropTaskDone } from '@/entities/channels/use-delist-tasks';
import { useDecidePlan, useSellingPlan } from './api/selling-plan';
import { PlanActionCard } from './plan-action-card';
import { PlanRuleForm } from './plan-rule-form';
import { tell } from '@/lib/told';

export const planWords = {
  title: 'This week’s plan',
  subtitle:
    'Offers to interested buyers, price drops and relists of the next 7 days, each with its price, your floor and your profit. Approve what should go ahead, one by one or all at once.',
  approveAll: 'Approve all',
  rejectAll: 'Reject all',
  empty: 'Nothing planned this week. Set a rule below, or wait for your listings to age.',
  tasks: 'To do on the marketplaces',
  tasksIntro: 'Make each drop on the marketplace, then tap Done.',
  flags: 'Left out',
  decided: (approved: number, rejected: number) => `${approved} approved, ${rejected} rejected.`,
  loadFailed: 'Could not load the plan',
} as const;

const waiting = (action: PlanAction) => action.state === 'planned' && action.decision === 'pending' && action.id !== null;

/**
 * "This week's plan" (decisions 090, 098, 108): the review gate of offers, drops and relists, and the assisted
 * drop tasks; under it the seller's drop and relist rules, and `sellingRules`: the channels' own rules (eBay's offers
 * to interested buyers, with its "ask me first"), composed by app/.
 */
export function SellingPlanView({ sellingRules }: { sellingRules?: ReactNode }) {
  const plan = useSellingPlan();
  const decide = useDecidePlan();
  const done = useDropTaskDone();
  const notify = useToast();
  const actions = plan.data?.actions ?? [];
  const pending = actions.filter(waiting);
  const pendingIds = pending.map((action) => action.id!);

  function send(approve: string[], reject: string[]) {
    tell(
      decide,
      { approve, reject },
      {
        onSuccess: (answer) => notify('success', planWords.decided(answer.approved, answer.rejected)),
        onError: (err) => notify('error', err.message),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <ViewHeader
        title={planWords.title}
        subtitle={planWords.subtitle}
        actions={
          pending.length > 0 && (
            <div className="flex w-full gap-2 sm:w-auto">
              <Button variant="success" onClick={() => send(pendingIds, [])} loading={decide.isPending}>
                {planWords.approveAll}
              </Button>
              <Button variant="secondary" onClick={() => send([], pendingIds)} disabled={decide.isPending}>
                {planWords.rejectAll}
              </Button>
            </div>
          )
        }
      />
      {!plan.isSuccess ? (
        <ReadProgress read={plan} loading="Loading the plan" failed={planWords.loadFailed} />
      ) : (
        <>
          {plan.data.tasks.length > 0 && (
            <section aria-label={planWords.tasks} className="flex flex-col gap-2">
              <h2 className="font-semibold text-slate-900">{planWords.tasks}</h2>
              <p className="text-sm text-slate-500">{planWords.tasksIntro}</p>
              <ul className="flex flex-col gap-2" data-testid="plan-tasks">
                {plan.data.tasks.map((task) => (
                  <PlanActionCard key={task.id} action={task} busy={done.isPending} onDone={() => done.mutate({ id: task.id! })} />
                ))}
              </ul>
            </section>
          )}
          {actions.length === 0 ? (
            <div
              className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600"
              data-testid="plan-empty"
            >
              {planWords.empty}
            </div>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="plan-actions">
              {actions.map((action) => (
                <PlanActionCard
                  key={action.id ?? `${action.kind}-${action.itemId}-${action.channel}`}
                  action={action}
                  busy={decide.isPending}
                  onDecide={
                    action.id ? (decision) => (decision === 'approve' ? send([action.id!], []) : send([], [action.id!])) : undefined
                  }
                />
              ))}
            </ul>
          )}
          {plan.data.flags.length > 0 && (
            <section aria-label={planWords.flags} className="rounded-2xl bg-amber-50 p-3 ring-1 ring-amber-200">
              <h2 className="text-sm font-semibold text-amber-900">{planWords.flags}</h2>
              <ul className="mt-1 flex flex-col gap-1 text-sm text-amber-900" data-testid="plan-flags">
                {plan.data.flags.map((flag) => (
                  <li key={`${flag.itemId}-${flag.channel}-${flag.reason}`}>
                    {flag.sku} on {channelNames[flag.channel]}: {flag.message}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <PlanRuleForm />
      {sellingRules}
    </div>
  );
}
