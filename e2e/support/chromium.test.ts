import { describe, expect, it } from 'vitest';
import { withoutChromium } from './chromium';

describe('withoutChromium', () => {
  it('fails in CI, naming the missing browser', () => {
    const outcome = withoutChromium({ CI: 'true' });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.message).toMatch(/FAILED: no Chromium found/);
  });

  it('skips with one line outside CI', () => {
    expect(withoutChromium({})).toEqual({ exitCode: 0, message: expect.stringMatching(/^Browser suite skipped: no Chromium found/) });
    expect(withoutChromium({ CI: 'false' }).exitCode).toBe(0);
  });
});
