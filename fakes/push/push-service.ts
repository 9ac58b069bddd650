/**
 * A fake Web Push service (contracts/push/README.md: RFC 8030, RFC 8291, RFC 8292) for tests and the bench. It plays
 * both sides a real one joins: the browser's (`subscribe` makes a P-256 key pair and an auth secret, as a browser's
 * PushManager does, and answers what PushSubscription.toJSON() gives) and the push service's:
 * - POST /push/{id}: a message for a subscription. TTL is required (400 without, RFC 8030 §5.2), Urgency must be one
 *   of very-low, low, normal, high (§5.3); Authorization `vapid t=<JWT>,k=<public key>` (RFC 8292 §3) is checked: the
 *   JWT is ES256, signed by k, its `aud` is this service's origin, `exp` is in the future and at most 24 h away, and
 *   `sub` is a mailto: or https: URL (403 otherwise; 401 without it). Content-Encoding must be aes128gcm and the body
 *   is decrypted with the subscription's private key and auth secret (RFC 8291 §3.4; 400 when it cannot be). 201
 *   Created with a Location (§5), 404 for an unknown subscription, 410 Gone for one `expire`d (§7.3).
 * Each delivered message is kept, decrypted, with the headers it came with and its arrival time.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface DeliveredPush {
  subscriptionId: string;
  /** The decrypted payload as text (the app sends JSON). */
  text: string;
  ttl: number;
  urgency: string;
  /** The VAPID public key the JWT was verified with, and its claims. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  receivedAt: number;
}

export interface FakePushService {
  url: string;
  /** A new subscription, as a browser makes one (the private key stays here). */
  subscribe(): FakeSubscription;
  /** The user agent dropped the subscription: the service answers 410 Gone for it from now on. */
  expire(endpoint: string): void;
  /** Every message delivered (201), oldest first; `for(endpoint)` those of one subscription. */
  readonly delivered: DeliveredPush[];
  for(endpoint: string): DeliveredPush[];
  /** Requests refused (status and why), for tests that expect none. */
  readonly refused: { status: number; reason: string }[];
  /** Waits until `count` messages reached the subscription (or throws after `timeoutMs`). */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<DeliveredPush[]>;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');
const unb64url = (text: string) => Buffer.from(text, 'base64url');
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

interface Held {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  gone: boolean;
}

/** RFC 8291 §3.3–3.4 and RFC 8188 §2: the aes128gcm body of one record, decrypted for the user agent. */
export function decryptAes128gcm(body: Buffer, held: Pick<Held, 'ecdh' | 'publicKey' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65 || rs < 18 || ciphertext.length > rs) throw new Error('not one aes128gcm record keyed by a P-256 key');
  const ecdhSecret = held.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), held.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, held.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record: the data, then a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292 §2–3: the JWT's ES256 signature with the key `k`, and its claims. */
export function verifyVapid(authorization: string | undefined, origin: string, now: number) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { status: 401, reason: 'no vapid Authorization' } as const;
  const [, token, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return { status: 403, reason: 'not a JWT' } as const;
  const point = unb64url(k);
  if (point.length !== 65 || point[0] !== 4) return { status: 403, reason: 'k is not an uncompressed P-256 point' } as const;
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const alg = (JSON.parse(unb64url(header).toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') return { status: 403, reason: `alg ${alg}` } as const;
  const signed = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, unb64url(signature));
  if (!signed) return { status: 403, reason: 'bad signature' } as const;
  const claims = JSON.parse(unb64url(payload).toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) return { status: 403, reason: `aud ${claims.aud}` } as const;
  const seconds = now / 1000;
  if (!(claims.exp > seconds && claims.exp <= seconds + 86_400)) return { status: 403, reason: 'exp' } as const;
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { status: 403, reason: 'sub' } as const;
  return { status: 0, k, claims } as const;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the fake push service on loopback (port 0: any free one). */
export async function startFakePushService(options: { port?: number } = {}): Promise<FakePushService> {
  const held = new Map<string, Held>();
  const delivered: DeliveredPush[] = [];
  const refused: { status: number; reason: string }[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const refuse = (res: ServerResponse, status: number, reason: string) => {
    refused.push({ status, reason });
    res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      if (req.method !== 'POST' || !id) return refuse(res, 404, 'no such resource');
      const sub = held.get(id);
      if (!sub) return refuse(res, 404, 'unknown subscription');
      if (sub.gone) return refuse(res, 410, 'subscription expired');
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(res, 400, 'TTL required');
      const urgency = String(req.headers.urgency ?? 'normal');
      if (!URGENCIES.has(urgency)) return refuse(res, 400, `Urgency ${urgency}`);
      const vapid = verifyVapid(req.headers.authorization, origin, Date.now());
      if (vapid.status) return refuse(res, vapid.status, vapid.reason);
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(res, 415, 'Content-Encoding must be aes128gcm');
      let text: string;
      try {
        text = decryptAes128gcm(body, sub).toString('utf8');
      } catch (err) {
        return refuse(res, 400, `cannot decrypt: ${(err as Error).message}`);
      }
      delivered.push({ subscriptionId: id, text, ttl, urgency, vapidKey: vapid.k, claims: vapid.claims, receivedAt: Date.now() });
      for (const wake of waiters) wake();
      res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    })().catch((err: Error) => refuse(res, 500, err.message));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1);
  const forEndpoint = (endpoint: string) => delivered.filter((push) => push.subscriptionId === idOf(endpoint));

  return {
    url: origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      held.set(id, { ecdh, publicKey, auth, gone: false });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
    },
    expire(endpoint) {
      const sub = held.get(idOf(endpoint));
      if (sub) sub.gone = true;
    },
    delivered,
    for: forEndpoint,
    refused,
    async waitFor(endpoint, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (forEndpoint(endpoint).length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${forEndpoint(endpoint).length} of ${count} pushes arrived in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return forEndpoint(endpoint);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
