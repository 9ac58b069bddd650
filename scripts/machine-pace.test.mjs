import { describe, expect, it } from 'vitest';
import { MAX_PACE, REFERENCE_MS, paceFromEnv, paceOf, settlePace } from './machine-pace.mjs';

describe('the machine pace (decision 185: the browser suite’s timeouts on a slower machine)', () => {
  it('is 1 on the reference machine or a faster one, the ratio on a slower one, and at most MAX_PACE', () => {
    expect(paceOf(REFERENCE_MS)).toBe(1);
    expect(paceOf(REFERENCE_MS / 2)).toBe(1);
    expect(paceOf(REFERENCE_MS * 1.64)).toBe(1.7);
    expect(paceOf(REFERENCE_MS * 2)).toBe(2);
    expect(paceOf(REFERENCE_MS * 10)).toBe(MAX_PACE);
    expect(paceOf(Number.NaN)).toBe(1);
  });

  it('is read from E2E_PACE, and a value that is no pace counts as 1', () => {
    expect(paceFromEnv({ E2E_PACE: '1.6' })).toBe(1.6);
    expect(paceFromEnv({ E2E_PACE: '9' })).toBe(MAX_PACE);
    expect(paceFromEnv({ E2E_PACE: '0.5' })).toBe(1);
    expect(paceFromEnv({ E2E_PACE: 'fast' })).toBe(1);
    expect(paceFromEnv({})).toBe(1);
  });

  it('is measured once: set in the environment for the processes after, and a pace already set is kept', async () => {
    const env = {};
    const first = await settlePace(env);
    expect(first.measuredMs).toBeGreaterThan(0);
    expect(env.E2E_PACE).toBe(String(first.pace));
    expect(first.pace).toBeGreaterThanOrEqual(1);
    expect(await settlePace({ E2E_PACE: '2.5' })).toEqual({ pace: 2.5, measuredMs: null });
  });
});
