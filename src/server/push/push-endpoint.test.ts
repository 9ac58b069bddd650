import { createServer, type Server } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  postToPushService,
  pushEndpointProblem,
  pushTargetOf,
  type PushEndpointPolicy,
  type ResolvedAddress,
} from './push-endpoint';

/**
 * Decision 124: the server pushes only to a browser push service's https endpoint on a public
 * address. The property: whatever the endpoint (any scheme, any spelling of an IP address, IPv6, user info, ports,
 * push-service names and look-alikes) and whatever its name resolves to, the target a push would connect to is never
 * a private, loopback, link-local, metadata or otherwise non-public address. The oracle below is written apart from
 * the code's BlockList.
 */

/** An IPv4 or IPv6 address as 32 or 128 bits (null: not an address). */
function bitsOf(address: string): { family: 4 | 6; value: bigint } | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const octets = v4.slice(1).map(Number);
    if (octets.some((o) => o > 255)) return null;
    return { family: 4, value: octets.reduce((acc, o) => (acc << 8n) | BigInt(o), 0n) };
  }
  if (!address.includes(':')) return null;
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const inner = bitsOf(tail[1]!);
    if (!inner) return null;
    text = `${text.slice(0, -tail[1]!.length)}${(inner.value >> 16n).toString(16)}:${(inner.value & 0xffffn).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups = text.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  if (groups.length !== 8) return null;
  return { family: 6, value: groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n) };
}

const inNet = (value: bigint, bits: number, net: bigint, prefix: number) => value >> BigInt(bits - prefix) === net >> BigInt(bits - prefix);
const v4 = (text: string) => bitsOf(text)!.value;
const v6 = (text: string) => bitsOf(text)!.value;

/** The test's own idea of "not public": where a push must never connect. */
function mustNotReach(address: string): boolean {
  const parsed = bitsOf(address);
  if (!parsed) return true;
  if (parsed.family === 4) {
    const blocked: [string, number][] = [
      ['0.0.0.0', 8],
      ['10.0.0.0', 8],
      ['100.64.0.0', 10],
      ['127.0.0.0', 8],
      ['169.254.0.0', 16],
      ['172.16.0.0', 12],
      ['192.0.0.0', 24],
      ['192.0.2.0', 24],
      ['192.168.0.0', 16],
      ['198.18.0.0', 15],
      ['224.0.0.0', 3],
    ];
    return blocked.some(([net, prefix]) => inNet(parsed.value, 32, v4(net), prefix));
  }
  // Only global unicast, less the blocks that carry an IPv4 address (6to4, Teredo) and documentation.
  if (!inNet(parsed.value, 128, v6('2000::'), 3)) return true;
  return [
    ['2002::', 16],
    ['2001::', 32],
    ['2001:db8::', 32],
  ].some(([net, prefix]) => inNet(parsed.value, 128, v6(net as string), prefix as number));
}

const notPublicAddresses = [
  '127.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '169.254.170.2',
  '100.64.0.1',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  '::ffff:127.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:7f00:1',
  'fe80::1',
  'fc00::1',
  'fd00:ec2::254',
  'ff02::1',
  '64:ff9b::a9fe:a9fe',
  '2002:7f00:1::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:db8::1',
];
const publicAddresses = ['142.250.74.106', '34.117.59.81', '17.253.144.10', '8.8.8.8', '2a00:1450:4001:82b::200a', '2606:4700::6810:84e5'];

const hostSpellings = [
  '127.0.0.1',
  '2130706433',
  '0x7f000001',
  '0x7f.1',
  '127.1',
  '0177.0.0.1',
  '017700000001',
  '0.0.0.0',
  '0',
  'localhost',
  'LOCALHOST.',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[fe80::1]',
  '[fd00:ec2::254]',
  '169.254.169.254',
  '0xa9fea9fe',
  '2852039166',
  '10.0.0.1',
  '192.168.0.1',
  '172.16.0.1',
  'metadata.google.internal',
  'metadata',
  'instance-data',
  '8.8.8.8',
  '[2606:4700::6810:84e5]',
  'fcm.googleapis.com',
  'FCM.GoogleApis.com.',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  'wns2-bl2p.notify.windows.com',
  'push.apple.com',
  'fcm.googleapis.com.evil.example',
  'evil-fcm.googleapis.com.example',
  'notify.windows.com.attacker.example',
  'attacker.example',
];

const anyEndpointArb = fc
  .record({
    scheme: fc.constantFrom('https', 'http', 'HTTPS', 'ftp', 'file', 'ws', 'wss', 'gopher', 'javascript', 'data'),
    userinfo: fc.constantFrom('', 'user@', 'user:pass@', 'fcm.googleapis.com@'),
    host: fc.constantFrom(...hostSpellings),
    port: fc.constantFrom('', ':443', ':80', ':8443', ':3322', ':0'),
    path: fc.constantFrom('/fcm/send/abc', '/wpush/v2/gAAA', '/3/device/xyz', '/w/?token=1', '', '/%2e%2e/x', '/x#frag'),
  })
  .map(({ scheme, userinfo, host, port, path }) => `${scheme}://${userinfo}${host}${port}${path}`);

/** Endpoints that pass every check of the URL itself, so what their names resolve to decides. */
const pushServiceEndpointArb = fc
  .record({
    host: fc.constantFrom('fcm.googleapis.com', 'FCM.GoogleApis.com.', 'updates.push.services.mozilla.com', 'web.push.apple.com'),
    port: fc.constantFrom('', ':443'),
    path: fc.constantFrom('/fcm/send/abc', '/wpush/v2/gAAA', '/3/device/xyz'),
  })
  .map(({ host, port, path }) => `https://${host}${port}${path}`);

const endpointArb = fc.oneof({ arbitrary: anyEndpointArb, weight: 1 }, { arbitrary: pushServiceEndpointArb, weight: 1 });

/** What a name resolves to: any mix of public and non-public addresses, none, or a failed lookup. */
const answersArb = fc.oneof(
  fc.array(fc.constantFrom(...notPublicAddresses, ...publicAddresses), { minLength: 0, maxLength: 4 }),
  fc.constant(null),
);

const familyOf = (address: string): 4 | 6 => (address.includes(':') ? 6 : 4);
/** As the system's resolver: an IP literal answers itself (and a connection to it looks nothing up). */
const resolverOf =
  (answers: string[] | null): PushEndpointPolicy['resolve'] =>
  async (hostname) => {
    const literal = hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal)) return [{ address: literal, family: familyOf(literal) }];
    if (answers === null) throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    return answers.map((address): ResolvedAddress => ({ address, family: familyOf(address) }));
  };

describe('push endpoints', () => {
  it('property: no push connects to a private, loopback, link-local or metadata address, however the endpoint is spelt', async () => {
    let delivered = 0;
    await fc.assert(
      fc.asyncProperty(endpointArb, answersArb, fc.boolean(), async (endpoint, answers, loopbackForTests) => {
        const target = await pushTargetOf(endpoint, { resolve: resolverOf(answers), loopbackForTests });
        if ('refused' in target) return;
        delivered += 1;
        // Only the fake push service of a test server is on loopback, and only when that server allows it.
        if (target.address.address === '127.0.0.1') {
          expect(loopbackForTests).toBe(true);
          expect(target.url.protocol).toBe('http:');
          expect(target.url.hostname).toBe('127.0.0.1');
          return;
        }
        // A connection to an IP literal looks nothing up: the literal itself is where it goes.
        const literal = target.url.hostname.replace(/^\[|\]$/g, '');
        const connectsTo = isIP(literal) ? literal : target.address.address;
        expect(mustNotReach(connectsTo), `${endpoint} → ${connectsTo}`).toBe(false);
        expect(mustNotReach(target.address.address), `${endpoint} → ${target.address.address}`).toBe(false);
        if (!isIP(literal))
          expect(
            answers!.every((a) => !mustNotReach(a)),
            `${endpoint} → ${answers?.join(', ')}`,
          ).toBe(true);
        expect(target.url.protocol).toBe('https:');
        expect(target.url.port).toBe('');
        expect(target.url.username + target.url.password).toBe('');
      }),
      { numRuns: 3000, seed: 56 },
    );
    // The property is not vacuous: real push services on public addresses are pushed to.
    expect(delivered).toBeGreaterThan(25);
  });

  it('refuses every IP spelling of loopback and metadata, IPv6 forms and names resolving to private addresses', async () => {
    const noLoopback = { loopbackForTests: false };
    for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '127.1', '0.0.0.0', '[::1]', '169.254.169.254'])
      expect(pushEndpointProblem(`https://${host}/x`, noLoopback), host).not.toBeNull();
    for (const host of ['10.0.0.1', '192.168.0.1', 'metadata.google.internal', '[fe80::1]', '[::ffff:127.0.0.1]'])
      expect(pushEndpointProblem(`https://${host}/x`, noLoopback), host).not.toBeNull();
    expect(pushEndpointProblem('http://127.0.0.1:3322/x', noLoopback)).not.toBeNull();
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc', noLoopback)).toBeNull();
    // A push service's name that resolves to a private address (a poisoned resolver, a rebinding name) is refused.
    for (const address of ['127.0.0.1', '10.0.0.5', '169.254.169.254', '::1', '::ffff:10.0.0.1']) {
      const target = await pushTargetOf('https://fcm.googleapis.com/fcm/send/abc', {
        resolve: resolverOf(['142.250.74.106', address]),
        loopbackForTests: false,
      });
      expect(target, address).toEqual({ refused: expect.any(String) });
    }
    expect(isPublicAddress('142.250.74.106')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:82b::200a')).toBe(true);
  });
});

describe('sending a push', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });
  async function listen(answer: (port: number) => { status: number; headers?: Record<string, string> }) {
    const hits: { host?: string; url?: string }[] = [];
    const server = createServer((req, res) => {
      hits.push({ host: req.headers.host, url: req.url });
      const { status, headers } = answer((server.address() as AddressInfo).port);
      req.resume();
      res.writeHead(status, headers).end();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, hits };
  }

  it('follows no redirect: a 307 to another port is answered as a failure and nothing reaches that port', async () => {
    const other = await listen(() => ({ status: 201 }));
    const first = await listen(() => ({ status: 307, headers: { location: `http://127.0.0.1:${other.port}/x` } }));
    const target = await pushTargetOf(`http://127.0.0.1:${first.port}/push/1`, { resolve: resolverOf([]), loopbackForTests: true });
    if ('refused' in target) throw new Error(target.refused);
    const status = await postToPushService(target, { headers: { ttl: '60' }, body: new Uint8Array([1, 2, 3]), timeoutMs: 5_000 });
    expect(status).toBe(307);
    expect(first.hits).toHaveLength(1);
    expect(other.hits).toEqual([]);
  });

  it('connects to the address that was checked, not to a second lookup of the name', async () => {
    const service = await listen(() => ({ status: 201 }));
    // `push.invalid` resolves nowhere: the request reaches the checked address with the endpoint's own Host.
    const status = await postToPushService(
      { url: new URL(`http://push.invalid:${service.port}/push/1`), address: { address: '127.0.0.1', family: 4 } },
      { headers: {}, body: null, timeoutMs: 5_000 },
    );
    expect(status).toBe(201);
    expect(service.hits).toEqual([{ host: `push.invalid:${service.port}`, url: '/push/1' }]);
  });
});
