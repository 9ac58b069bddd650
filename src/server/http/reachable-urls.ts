import { trustedOrigins } from '../auth/auth';
import type { Config } from '../config';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1']);

/** The addresses to open the app at, for the start line: the public URL, then localhost and the LAN addresses. */
export function reachableUrls(
  config: Pick<Config, 'publicUrl' | 'publicUrlSource' | 'allowedOrigins' | 'lanAddresses' | 'tls' | 'port' | 'host'>,
): string[] {
  const lanReachable = !loopbackHosts.has(config.host);
  return trustedOrigins(config).filter((origin) => {
    const hostname = new URL(origin).hostname;
    if (hostname === '127.0.0.1') return false;
    return lanReachable || !config.lanAddresses.includes(hostname);
  });
}
