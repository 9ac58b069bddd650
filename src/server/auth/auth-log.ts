/** Longest Better Auth log line we write: attacker-chosen URLs (callbackURL, redirectTo) are echoed in its messages. */
export const MAX_AUTH_LOG_LINE = 500;

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** One Better Auth log message as a line of bounded length, saying how long the original was. */
export function authLogLine(level: string, message: string, args: unknown[]): string {
  const line = [`[auth] ${level}: ${message}`, ...args.map(asText)].join(' ');
  return line.length <= MAX_AUTH_LOG_LINE ? line : `${line.slice(0, MAX_AUTH_LOG_LINE)}… (${line.length} characters)`;
}

/** Better Auth's `logger.log`: its own messages, cut to a sane length. */
export function writeAuthLog(level: 'info' | 'success' | 'warn' | 'error' | 'debug', message: string, ...args: unknown[]) {
  const line = authLogLine(level, message, args);
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
