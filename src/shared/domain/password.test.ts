import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password';

describe('passwordProblem', () => {
  it('applies the agreed minimum, a sane maximum and the confirmation', () => {
    expect(passwordProblem('12345')).toBe('Password must be at least 6 characters');
    expect(passwordProblem('my-pass')).toBeNull();
    expect(passwordProblem('x'.repeat(10_000))).toBe('Password must be at most 128 characters');
    expect(passwordProblem('my-pass', 'my-pasS')).toBe('Passwords do not match');
    expect(passwordProblem('my-pass', 'my-pass')).toBeNull();
  });

  it('refuses blank and common passwords with a clear message', () => {
    expect(passwordProblem('      ')).toBe('Password cannot be only spaces');
    expect(passwordProblem('123456')).toBe('This password is too common. Please choose one that is harder to guess');
    expect(passwordProblem('PassWord')).toBe('This password is too common. Please choose one that is harder to guess');
    expect(passwordProblem('correct-horse')).toBeNull();
  });
});
