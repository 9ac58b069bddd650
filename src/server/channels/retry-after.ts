/** A Retry-After header in seconds: a number of seconds, or an HTTP date from now (undefined when absent or unreadable). */
export function retryAfterSecondsOf(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
