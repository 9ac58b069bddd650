import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sellingPlanApi, type PlanDecisions, type SellingPlanResponse, type SellingPlanRule } from '@shared/contracts/selling-plan';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';

/** Under the items' keys: a change to any item or listing (a sale, a new price) refreshes the plan too. */
export const sellingPlanKeys = {
  all: itemKeys.sellingPlan(),
  plan: () => [...sellingPlanKeys.all, 'plan'] as const,
  rules: () => [...sellingPlanKeys.all, 'rules'] as const,
};

/** States a worker moves on by itself: the plan is read again until none is left, so "Sending…" turns to "Done". */
const underWay = new Set(['sending', 'ending', 'relisting']);
export const UNDER_WAY_REFRESH_MS = 2_000;

/**
 * An approved action already due: a worker picks it up next, so it is as good as under way (CI, under load, answered
 * the approval before the send began, and the card said "Approved" until a reload).
 */
const dueAndApproved = (action: SellingPlanResponse['actions'][number], now: number) =>
  action.state === 'planned' && action.decision === 'approved' && Date.parse(action.dueAt) <= now;

/**
 * How soon the plan is read again: every 2 s while an action is under way or approved and due, else only when
 * something changes it.
 */
export const planRefreshMs = (plan: SellingPlanResponse | undefined, now = Date.now()): number | false =>
  plan?.actions.some((action) => underWay.has(action.state) || dueAndApproved(action, now)) ? UNDER_WAY_REFRESH_MS : false;

/** GET /api/selling-plan: the week's planned offers, drops and relists, the drop tasks and the items flagged. */
export function useSellingPlan() {
  return useQuery({
    queryKey: sellingPlanKeys.plan(),
    queryFn: ({ signal }) => callRoute(sellingPlanApi.plan, { signal }),
    refetchInterval: (query) => planRefreshMs(query.state.data),
  });
}

/** POST /api/selling-plan/decisions: approve some, reject others. */
export function useDecidePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanDecisions) => callRoute(sellingPlanApi.decide, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellingPlanKeys.plan() }),
  });
}

/** GET and PUT /api/selling-plan/rules: the seller's drop and relist rules. */
export function useSellingPlanRules() {
  const queryClient = useQueryClient();
  const rules = useQuery({
    queryKey: sellingPlanKeys.rules(),
    queryFn: ({ signal }) => callRoute(sellingPlanApi.rules, { signal }),
    select: (answer) => answer.rules,
  });
  const save = useMutation({
    mutationFn: (next: SellingPlanRule[]) => callRoute(sellingPlanApi.setRules, { body: { rules: next } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(sellingPlanKeys.rules(), answer);
      return queryClient.invalidateQueries({ queryKey: sellingPlanKeys.plan() });
    },
  });
  return { rules, save };
}

/** DELETE /api/selling-plan/rules?scope=: a channel's or an item's rule goes; the next more general one applies. */
export function useRemovePlanRule(told: Told<unknown, RuleToRemove> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scope }: RuleToRemove) => callRoute(sellingPlanApi.removeRule, { query: { scope } }),
    onSuccess: (answer, removed) => {
      queryClient.setQueryData(sellingPlanKeys.rules(), answer);
      told.onSuccess?.(answer, removed);
      return queryClient.invalidateQueries({ queryKey: sellingPlanKeys.plan() });
    },
    onError: told.onError,
  });
}

/** The scope whose rule goes, and the rule itself where the seller may want it back (Undo). */
export interface RuleToRemove {
  scope: SellingPlanRule['scope'];
  rule?: SellingPlanRule;
}
