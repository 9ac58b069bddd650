import { randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import type { Config } from '../config';

export interface TlsCredentials {
  key: string;
  cert: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// Apple refuses server certificates valid for longer than 825 days; browsers are moving to about a year.
const SERVER_CERT_DAYS = 397;
const RENEW_BEFORE_DAYS = 30;
const AUTHORITY_DAYS = 10 * 365;

/** The key and certificate HTTPS is served with, or none when HTTPS is off. */
export async function loadTlsCredentials(config: Config, now = new Date()): Promise<TlsCredentials | undefined> {
  if (config.tls.kind === 'off') return undefined;
  if (config.tls.kind === 'files') {
    return { cert: readFileSync(config.tls.certFile, 'utf8'), key: readFileSync(config.tls.keyFile, 'utf8') };
  }
  return selfSignedCredentials(config.tls.dir, certificateHosts(config), now);
}

/** The names a phone or browser may use for this server: local names, LAN addresses, PUBLIC_URL, ALLOWED_HOSTS. */
export function certificateHosts(config: Pick<Config, 'lanAddresses' | 'publicUrl' | 'allowedOrigins'>): string[] {
  const hosts = new Set(['localhost', '127.0.0.1', ...config.lanAddresses]);
  for (const origin of [config.publicUrl, ...config.allowedOrigins]) hosts.add(new URL(origin).hostname.replace(/^\[|\]$/g, ''));
  return [...hosts];
}

/** Where the local certificate authority's certificate is kept, for the seller to install on a phone. */
export const authorityCertFile = (dir: string) => path.join(dir, 'ca.pem');

/**
 * A server certificate issued by a certificate authority of this installation, both kept in `dir` and reused.
 * The server certificate is issued again when it does not cover `hosts` (a new LAN address) or nears its end;
 * the authority stays, so a phone that trusts it once keeps trusting the server.
 */
export async function selfSignedCredentials(dir: string, hosts: string[], now = new Date()): Promise<TlsCredentials> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const authority = await readOrCreateAuthority(dir, now);
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) {
    const current = { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
    if (stillServes(current.cert, authority.cert, hosts, now)) return current;
  }
  const issued = await generate([{ name: 'commonName', value: 'Resale Studio' }], {
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY_MS),
    notAfterDate: new Date(now.getTime() + SERVER_CERT_DAYS * DAY_MS),
    ca: authority,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: hosts.map((host) => (isIP(host) ? { type: 7, ip: host } : { type: 2, value: host })) },
    ],
  });
  writeFileSync(keyFile, issued.private, { mode: 0o600 });
  writeFileSync(certFile, issued.cert);
  return { cert: issued.cert, key: issued.private };
}

async function readOrCreateAuthority(dir: string, now: Date): Promise<TlsCredentials> {
  const certFile = authorityCertFile(dir);
  const keyFile = path.join(dir, 'ca-key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  // A name of its own: a phone that trusts two installations must not mistake one authority for the other.
  const name = `Resale Studio local authority (${hostname()} ${randomBytes(3).toString('hex')})`;
  const authority = await generate([{ name: 'commonName', value: name }], {
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY_MS),
    notAfterDate: new Date(now.getTime() + AUTHORITY_DAYS * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  writeFileSync(keyFile, authority.private, { mode: 0o600 });
  writeFileSync(certFile, authority.cert);
  return { cert: authority.cert, key: authority.private };
}

function stillServes(certPem: string, authorityPem: string, hosts: string[], now: Date): boolean {
  const cert = new X509Certificate(certPem);
  if (!cert.checkIssued(new X509Certificate(authorityPem))) return false;
  if (new Date(cert.validTo).getTime() - now.getTime() < RENEW_BEFORE_DAYS * DAY_MS) return false;
  return hosts.every((host) => (isIP(host) ? cert.checkIP(host) : cert.checkHost(host)) !== undefined);
}
