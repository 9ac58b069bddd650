import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the browser suite on a slower machine (decision 185)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('gives a test and an expect as much more time as the machine is slower, and the reference machine its minute', async () => {
    vi.stubEnv('E2E_PACE', '1.6');
    const slower = (await import('../playwright.config')).default;
    expect(slower.timeout).toBe(96_000);
    expect(slower.expect?.timeout).toBe(16_000);
    vi.resetModules();
    vi.stubEnv('E2E_PACE', '1');
    const reference = (await import('../playwright.config')).default;
    expect(reference.timeout).toBe(60_000);
    expect(reference.expect?.timeout).toBe(10_000);
  });
});
