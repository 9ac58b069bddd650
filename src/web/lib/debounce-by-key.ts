/**
 * Runs `run` once per key `delayMs` after that key's last call to `soon` (several calls in quick succession cost one
 * run); `cancel` (an effect's cleanup) drops the runs still waiting and aborts the signal the started ones were given.
 */
export function debounceByKey(delayMs: number, run: (key: string, signal: AbortSignal) => void) {
  const abort = new AbortController();
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    soon(key: string) {
      clearTimeout(pending.get(key));
      pending.set(
        key,
        setTimeout(() => {
          pending.delete(key);
          run(key, abort.signal);
        }, delayMs),
      );
    },
    cancel() {
      for (const timer of pending.values()) clearTimeout(timer);
      abort.abort();
    },
  };
}
