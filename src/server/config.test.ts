import { existsSync, readFileSync } from 'node:fs';
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
    expect(config.storage).toEqual({ kind: 'local', dir: path.join(dir, 'storage') });
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

  it('treats empty variables as unset', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', SMTP_URL: ' ' });
    expect(config.database.kind).toBe('pglite');
    expect(config.mail.kind).toBe('outbox');
    expect(existsSync(path.join(dir, 'app-secret'))).toBe(true);
  });
});
