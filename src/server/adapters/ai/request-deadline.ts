/**
 * One request's time-out on top of the SDK's own: the SDKs stop their timer once headers arrive, so a body that
 * trickles forever would otherwise hang. Also forwards the caller's abort (lease lost, shutdown).
 */
export function requestDeadline(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('request deadline passed'));
  }, timeoutMs);
  timer.unref?.();
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}
