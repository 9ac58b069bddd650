import { describe, expect, it } from 'vitest';
import { createConsoleErrorGuard } from './console-error-guard';

describe('createConsoleErrorGuard', () => {
  it('keeps and prints an error nobody allowed, formatted as console.error would', () => {
    const printed: unknown[][] = [];
    const guard = createConsoleErrorGuard((...args) => printed.push(args));
    guard.error('upload failed: %d photos', 3, new Error('disk full'));
    const [message] = guard.takeUnexpected();
    expect(message).toMatch(/^upload failed: 3 photos Error: disk full/);
    expect(printed).toHaveLength(1);
    expect(guard.takeUnexpected()).toEqual([]);
  });

  it('lets an allowed error through quietly, for the current test only', () => {
    const printed: unknown[][] = [];
    const guard = createConsoleErrorGuard((...args) => printed.push(args));
    guard.allow(/expected refusal/);
    guard.error('an expected refusal');
    guard.error('something else');
    expect(guard.takeUnexpected()).toEqual(['something else']);
    guard.error('an expected refusal');
    expect(guard.takeUnexpected()).toEqual(['an expected refusal']);
    expect(printed).toHaveLength(2);
  });
});
