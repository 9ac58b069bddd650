import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { NetworkInterfaceInfo } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { tempDirs } from './test/temp-dirs';

const tempDir = tempDirs('rs-config-');

describe('loadConfig', () => {
  it('runs on the embedded defaults and generates a secret once', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dir, 'db') });
    expect(config.mail).toEqual({ kind: 'outbox', dir: path.join(dir, 'outbox') });
    expect(config.storage).toEqual({ kind: 'local', dir: path.join(dir, 'storage'), minFreeBytes: 100 * 1024 * 1024 });
    expect(config.ai.provider).toBe('basic');
    expect(config.appSecretSource).toBe('generated');
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(config.appSecret);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(config.appSecret);
  });

  it('switches to PostgreSQL, SMTP and S3 when configured', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '4000',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/app',
      SMTP_URL: 'smtp://mail.internal:587',
      STORAGE: 's3',
      S3_BUCKET: 'product-images',
      APP_SECRET: 'x'.repeat(40),
    });
    expect(config.port).toBe(4000);
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db.internal:5432/app' });
    expect(config.mail.kind).toBe('smtp');
    expect(config.storage.kind).toBe('s3');
    expect(config.appSecretSource).toBe('env');
  });

  it('stops with a message naming the variable on a bad value', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
  });

  it('lets only a test server push to the fake push service on loopback (PUSH_TEST_LOOPBACK)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).push.loopbackForTests).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', PUSH_TEST_LOOPBACK: '1' }).push.loopbackForTests).toBe(true);
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV, PUSH_TEST_LOOPBACK: '1' })).toThrow(/PUSH_TEST_LOOPBACK/);
  });

  it('allows 5,000 Browse calls a day for comparables unless EBAY_APP_DAILY_CALLS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).ebay.appDailyCalls).toBe(5000);
    expect(loadConfig({ DATA_DIR: tempDir(), EBAY_APP_DAILY_CALLS: '200' }).ebay.appDailyCalls).toBe(200);
    expect(() => loadConfig({ DATA_DIR: tempDir(), EBAY_APP_DAILY_CALLS: '-1' })).toThrow(/EBAY_APP_DAILY_CALLS/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), EBAY_APP_DAILY_CALLS: 'lots' })).toThrow(/EBAY_APP_DAILY_CALLS/);
  });

  it('treats empty variables as unset', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', SMTP_URL: ' ' });
    expect(config.database.kind).toBe('pglite');
    expect(config.mail.kind).toBe('outbox');
    expect(existsSync(path.join(dir, 'app-secret'))).toBe(true);
  });

  it("serves HTTPS with a self-signed certificate on HTTPS=1, or the seller's own files", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).tls).toEqual({ kind: 'off' });
    const https = loadConfig({ DATA_DIR: dir, HTTPS: '1' });
    expect(https.tls).toEqual({ kind: 'self-signed', dir: path.join(dir, 'tls') });
    expect(https.publicUrl).toBe('https://localhost:3000');
    writeFileSync(path.join(dir, 'shop.crt'), 'cert');
    writeFileSync(path.join(dir, 'shop.key'), 'key');
    const own = loadConfig({ DATA_DIR: dir, TLS_CERT: path.join(dir, 'shop.crt'), TLS_KEY: path.join(dir, 'shop.key') });
    expect(own.tls).toEqual({ kind: 'files', certFile: path.join(dir, 'shop.crt'), keyFile: path.join(dir, 'shop.key') });
    expect(own.publicUrl).toBe('https://localhost:3000');
  });

  it('names the HTTPS variable at fault', () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, HTTPS: 'yes' })).toThrow(/HTTPS: HTTPS must be 1 or 0/);
    expect(() => loadConfig({ DATA_DIR: dir, TLS_CERT: path.join(dir, 'a.crt') })).toThrow(/TLS_CERT, TLS_KEY: set both/);
    expect(() => loadConfig({ DATA_DIR: dir, TLS_CERT: path.join(dir, 'a.crt'), TLS_KEY: path.join(dir, 'a.key') })).toThrow(
      /TLS_CERT: no file at .*a\.crt\n {2}TLS_KEY: no file at .*a\.key/,
    );
  });

  it("reads ALLOWED_HOSTS as origins on the server's scheme and port, and names a bad entry", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      HTTPS: '1',
      PORT: '4000',
      ALLOWED_HOSTS: 'studio.local, 10.0.0.7:443,https://shop.example',
    });
    expect(config.allowedOrigins).toEqual(['https://studio.local:4000', 'https://10.0.0.7', 'https://shop.example']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ALLOWED_HOSTS: 'studio.local/app' })).toThrow(
      /ALLOWED_HOSTS: "studio.local\/app" is not a host name, IP address or http\(s\) origin/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ALLOWED_HOSTS: 'ftp://files.local' })).toThrow(/ALLOWED_HOSTS: "ftp:\/\/files.local"/);
  });

  it("finds the machine's LAN IPv4 addresses", () => {
    const nic = (address: string, family: 'IPv4' | 'IPv6', internal: boolean): NetworkInterfaceInfo =>
      ({
        address,
        family,
        internal,
        netmask: '',
        mac: '',
        cidr: null,
        ...(family === 'IPv6' ? { scopeid: 0 } : {}),
      }) as NetworkInterfaceInfo;
    const config = loadConfig(
      { DATA_DIR: tempDir() },
      {
        lo: [nic('127.0.0.1', 'IPv4', true)],
        wlan0: [nic('192.168.1.23', 'IPv4', false), nic('fe80::1', 'IPv6', false)],
        eth0: [nic('10.0.0.7', 'IPv4', false)],
      },
    );
    expect(config.lanAddresses).toEqual(['192.168.1.23', '10.0.0.7']);
  });
});
