/**
 * Where the server may send a Web Push (decision 124): a seller gives the endpoint, so it is never trusted
 * as an address. An endpoint is an https URL on the default port of one of the browsers' push services (Chrome's
 * FCM, Firefox's autopush, Apple's and Microsoft's), with no user name or password; it is resolved when a push goes
 * and sent only when every address the name has is a public unicast one, to the address that was checked (no second
 * lookup a rebinding name could answer differently); a redirect is never followed. Tests alone (NODE_ENV=test and
 * PUSH_TEST_LOOPBACK) may also push to the fake push service on http://127.0.0.1.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The push services of the browsers the app supports: exact host names, and the domains whose hosts they use. */
export const pushServiceHosts = {
  exact: ['fcm.googleapis.com', 'updates.push.services.mozilla.com'],
  /** Apple's web.push.apple.com (and its regional hosts), Microsoft's WNS (wns2-*.notify.windows.com). */
  domains: ['push.apple.com', 'notify.windows.com'],
} as const;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface PushEndpointPolicy {
  /** Every address of a host name (tests: a table; by default the system's resolver, as a connection would use). */
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  /** Tests only: the fake push service on http://127.0.0.1 (config refuses PUSH_TEST_LOOPBACK outside NODE_ENV=test). */
  loopbackForTests: boolean;
}

export const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export const defaultPushEndpointPolicy: PushEndpointPolicy = { resolve: systemResolve, loopbackForTests: false };

export const pushEndpointMessages = {
  notPushService: 'This is not the address of a browser push service.',
  notPublic: 'This push service does not resolve to a public address.',
} as const;

/**
 * Addresses that are not public unicast: this network, private, shared (CGNAT), loopback, link-local (and so the
 * cloud metadata services at 169.254.169.254), the IETF's and the documentation's blocks, benchmarking, multicast and
 * reserved (RFC 6890's registry). IPv6: only global unicast (2000::/3) is public, less the documentation block,
 * 6to4 and Teredo (which carry an IPv4 address of any kind); loopback, IPv4-mapped, NAT64, unique-local, link-local
 * and multicast all fall outside 2000::/3.
 */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv4');
const globalUnicast6 = new BlockList();
globalUnicast6.addSubnet('2000::', 3, 'ipv6');
for (const [net, prefix] of [
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2001::', 32],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv6');

/** Whether the address is a public unicast one (never loopback, private, link-local, metadata or multicast). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family === 6) return globalUnicast6.check(address, 'ipv6') && !notPublic.check(address, 'ipv6');
  return false;
}

const isPushServiceHost = (hostname: string) =>
  (pushServiceHosts.exact as readonly string[]).includes(hostname) ||
  pushServiceHosts.domains.some((domain) => hostname.endsWith(`.${domain}`));

/** The fake push service of the tests: plain http on 127.0.0.1, any port. */
const isTestLoopback = (url: URL, policy: Pick<PushEndpointPolicy, 'loopbackForTests'>) =>
  policy.loopbackForTests && url.protocol === 'http:' && url.hostname === '127.0.0.1';

/**
 * Why the endpoint is not one the server pushes to, read from the URL alone (no lookup); null: it is. The WHATWG
 * parser has already turned 2130706433, 0x7f000001 and 127.1 into 127.0.0.1, and an IP literal is never a push
 * service's host name.
 */
export function pushEndpointProblem(endpoint: string, policy: Pick<PushEndpointPolicy, 'loopbackForTests'>): string | null {
  if (!URL.canParse(endpoint)) return pushEndpointMessages.notPushService;
  const url = new URL(endpoint);
  if (isTestLoopback(url, policy)) return null;
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return pushEndpointMessages.notPushService;
  if (isIP(hostname.replace(/^\[|\]$/g, '')) || !isPushServiceHost(hostname)) return pushEndpointMessages.notPushService;
  return null;
}

/** Where a push goes: the endpoint and the one checked address its connection is made to. */
export interface PushTarget {
  url: URL;
  address: ResolvedAddress;
}

/**
 * The endpoint's target, or why none: refused by its URL, not resolved (`unresolved`: maybe only this time), or a name
 * with any address that is not public (a name that answers a private address among public ones is refused whole).
 */
export async function pushTargetOf(
  endpoint: string,
  policy: PushEndpointPolicy,
): Promise<PushTarget | { refused: string; unresolved?: true }> {
  const problem = pushEndpointProblem(endpoint, policy);
  if (problem) return { refused: problem };
  const url = new URL(endpoint);
  if (isTestLoopback(url, policy)) return { url, address: { address: '127.0.0.1', family: 4 } };
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(url.hostname);
  } catch {
    // The resolver failed this time (a push service's name always resolves): not a reason to forget the device.
    return { refused: pushEndpointMessages.notPublic, unresolved: true };
  }
  const first = addresses[0];
  if (!first || !addresses.every((a) => isPublicAddress(a.address))) return { refused: pushEndpointMessages.notPublic };
  return { url, address: first };
}

/** The connection's lookup answers the checked address only: the name is not looked up again. */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, all: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * POSTs the push to the checked address (TLS still checks the certificate against the endpoint's host name); answers
 * the push service's status. A redirect is a status like any other: never followed.
 */
export function postToPushService(
  target: PushTarget,
  message: { headers: Record<string, string>; body: Uint8Array | null; timeoutMs: number },
): Promise<number> {
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const request = send(
      target.url,
      {
        method: 'POST',
        headers: { ...message.headers, 'content-length': String(message.body?.byteLength ?? 0) },
        lookup: pinnedLookup(target.address),
        agent: false,
        signal: AbortSignal.timeout(message.timeoutMs),
      },
      (answer: IncomingMessage) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(message.body ?? undefined);
  });
}
