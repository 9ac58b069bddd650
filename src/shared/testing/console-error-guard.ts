import { format } from 'node:util';

/**
 * Collects console.error calls a test did not expect. `allow(pattern)` lets matching messages through quietly;
 * anything else is kept (and still printed through `print`) until `takeUnexpected()` hands it over.
 */
export function createConsoleErrorGuard(print: (...args: unknown[]) => void) {
  let allowed: RegExp[] = [];
  let unexpected: string[] = [];
  return {
    error(...args: unknown[]): void {
      const text = format(...args);
      if (allowed.some((pattern) => pattern.test(text))) return;
      unexpected.push(text);
      print(...args);
    },
    allow(pattern: RegExp): void {
      allowed.push(pattern);
    },
    /** Ends the test: forgets what was allowed, returns (and forgets) the unexpected messages. */
    takeUnexpected(): string[] {
      const taken = unexpected;
      allowed = [];
      unexpected = [];
      return taken;
    },
  };
}
