import { describe, expect, it } from 'vitest';
import { actionWords } from './plan-action-card';

const now = Date.parse('2026-11-29T10:00:00Z');
const at = (iso: string, decision: 'pending' | 'approved' | 'rejected', automatic = false) => ({ dueAt: iso, decision, automatic });

describe('when a planned step goes out, in the seller’s words', () => {
  it('due now: within the hour once approved (or by a rule that does not ask); otherwise once approved', () => {
    expect(actionWords.goesOut(at('2026-11-29T09:00:00Z', 'approved'), now)).toBe('Goes out within the hour');
    expect(actionWords.goesOut(at('2026-11-29T09:00:00Z', 'pending', true), now)).toBe('Goes out within the hour');
    expect(actionWords.goesOut(at('2026-11-29T09:00:00Z', 'pending'), now)).toBe('Due now: goes out once you approve it');
    expect(actionWords.goesOut(at('2026-11-29T09:00:00Z', 'rejected'), now)).toBe('Due now: not sent');
  });

  it('due later: its day', () => {
    const day = new Date('2026-12-01T10:00:00Z').toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
    expect(actionWords.goesOut(at('2026-12-01T10:00:00Z', 'approved'), now)).toBe(`Goes out ${day}`);
    expect(actionWords.goesOut(at('2026-12-01T10:00:00Z', 'pending'), now)).toBe(`Due ${day}: goes out once you approve it`);
  });
});
