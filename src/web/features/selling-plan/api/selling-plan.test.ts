import { describe, expect, it } from 'vitest';
import type { SellingPlanResponse } from '@shared/contracts/selling-plan';
import { planRefreshMs, UNDER_WAY_REFRESH_MS } from './selling-plan';

const plan = (...states: string[]) =>
  ({ days: 7, actions: states.map((state) => ({ state })), tasks: [], flags: [] }) as unknown as SellingPlanResponse;

describe('the plan read again while an action is under way', () => {
  it('every 2 s while an offer is sending or a listing ends or relists: "Sending…" turns to "Done" without a reload', () => {
    for (const state of ['sending', 'ending', 'relisting']) expect(planRefreshMs(plan('planned', state))).toBe(UNDER_WAY_REFRESH_MS);
  });

  it('every 2 s while an approved action is due: "Approved" turns to "Done" when the approval came back before the send began', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const approved = (dueAt: string) =>
      ({ days: 7, actions: [{ state: 'planned', decision: 'approved', dueAt }], tasks: [], flags: [] }) as unknown as SellingPlanResponse;
    expect(planRefreshMs(approved('2026-11-28T11:59:00Z'), now)).toBe(UNDER_WAY_REFRESH_MS);
    // Approved for later in the week: nothing happens before then, so no reading again.
    expect(planRefreshMs(approved('2026-11-30T09:00:00Z'), now)).toBe(false);
  });

  it('not at all when every action waits for the seller or is settled', () => {
    expect(planRefreshMs(plan('planned', 'applied', 'failed', 'task'))).toBe(false);
    expect(planRefreshMs(undefined)).toBe(false);
  });
});
