/**
 * Vitest setup (every project): a test that writes to console.error fails, as the end-to-end fixture fails a page
 * that logs one. An error is a bug or a missing assertion; a test that provokes one on purpose says so with
 * `allowConsoleError(pattern)`, and only messages matching it pass (quietly). An error logged outside a test (a
 * hook, a stray promise) fails the next test to finish, or the file.
 */
import { afterAll, afterEach } from 'vitest';
import { createConsoleErrorGuard } from './console-error-guard';

const guard = createConsoleErrorGuard(console.error.bind(console));
console.error = guard.error;

function failOnUnexpected(where: string) {
  const errors = guard.takeUnexpected();
  if (errors.length)
    throw new Error(`unexpected console.error ${where} (allowConsoleError(pattern) if the test expects it):\n${errors.join('\n')}`);
}

afterEach(() => failOnUnexpected('in this test'));
afterAll(() => failOnUnexpected('after the last test of this file'));

/** Lets the current test write console.error messages matching `pattern` (without printing them). */
export function allowConsoleError(pattern: RegExp): void {
  guard.allow(pattern);
}
