import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../test/temp-dirs';
import { authorityCertFile, certificateHosts, selfSignedCredentials } from './tls-credentials';

const tempDir = tempDirs('rs-tls-');

describe('selfSignedCredentials', () => {
  it('issues a certificate for the given hosts once, from a local authority, and reuses it', async () => {
    const dir = tempDir();
    const hosts = ['localhost', '127.0.0.1', '192.168.1.23'];
    const first = await selfSignedCredentials(dir, hosts);
    const cert = new X509Certificate(first.cert);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('192.168.1.23')).toBe('192.168.1.23');
    expect(cert.checkIP('192.168.1.99')).toBeUndefined();
    expect(cert.ca).toBe(false);
    const authority = new X509Certificate(readFileSync(authorityCertFile(dir)));
    expect(authority.ca).toBe(true);
    expect(authority.subject).toMatch(/^CN=Resale Studio local authority \(.+ [0-9a-f]{6}\)$/);
    expect(cert.checkIssued(authority)).toBe(true);
    expect(cert.verify(authority.publicKey)).toBe(true);
    expect(readFileSync(path.join(dir, 'cert.pem'), 'utf8')).toBe(first.cert);

    const second = await selfSignedCredentials(dir, hosts);
    expect(second).toEqual(first);
  });

  it('issues a new certificate from the same authority for a new address or near its end', async () => {
    const dir = tempDir();
    const first = await selfSignedCredentials(dir, ['localhost', '192.168.1.23']);
    const authorityPem = readFileSync(authorityCertFile(dir), 'utf8');

    const moved = await selfSignedCredentials(dir, ['localhost', '10.0.0.7']);
    expect(moved.cert).not.toBe(first.cert);
    expect(new X509Certificate(moved.cert).checkIP('10.0.0.7')).toBe('10.0.0.7');
    expect(readFileSync(authorityCertFile(dir), 'utf8')).toBe(authorityPem);
    expect(new X509Certificate(moved.cert).checkIssued(new X509Certificate(authorityPem))).toBe(true);

    const inAYear = new Date(Date.now() + 380 * 24 * 60 * 60 * 1000);
    const renewed = await selfSignedCredentials(dir, ['localhost', '10.0.0.7'], inAYear);
    expect(renewed.cert).not.toBe(moved.cert);
  });
});

describe('certificateHosts', () => {
  it('covers local names, LAN addresses, the public URL and the allowed hosts', () => {
    const hosts = certificateHosts({
      lanAddresses: ['192.168.1.23'],
      publicUrl: 'https://studio.example:3000',
      allowedOrigins: ['https://laptop.local:3000', 'https://[fd00::5]:3000'],
    });
    expect(hosts).toEqual(['localhost', '127.0.0.1', '192.168.1.23', 'studio.example', 'laptop.local', 'fd00::5']);
  });
});
