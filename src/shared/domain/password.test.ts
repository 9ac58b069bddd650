import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password';

describe('passwordProblem', () => {
  it('applies the spec minimum, a sane maximum and the confirmation', () => {
    expect(passwordProblem('12345')).toBe('Password must be at least 6 characters');
    expect(passwordProblem('123456')).toBeNull();
    expect(passwordProblem('x'.repeat(10_000))).toBe('Password must be at most 128 characters');
    expect(passwordProblem('123456', '123457')).toBe('Passwords do not match');
    expect(passwordProblem('123456', '123456')).toBeNull();
  });
});
