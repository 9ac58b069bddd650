import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { tempDirs } from '../test/temp-dirs';
import { envCheck } from './env-check';

const secrets = {
  EBAY_CLIENT_ID: 'MyShop-Resale-PRD-0123456789-abcdef12',
  EBAY_CLIENT_SECRET: 'PRD-supersecretvalue-0123-4567',
  EBAY_RU_NAME: 'My_Shop-MyShop-Resale-abcdefg',
  AI_API_KEY: 'sk-live-very-secret-key-123456',
  AI_PROVIDER: 'openai',
  SMTP_URL: 'smtp://mailer:mail-password@smtp.example.com:587',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(secrets);
});
afterAll(async () => {
  await t?.close();
});

describe('diagnostics', () => {
  it('health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('env-check says what is configured and never shows a secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/env-check' });
    expect(res.statusCode).toBe(200);
    const byKey = Object.fromEntries(res.json().entries.map((e: { key: string; status: string }) => [e.key, e.status]));
    expect(byKey).toMatchObject({
      database: 'default',
      mail: 'configured',
      ai: 'configured',
      'ebay-client-id': 'configured',
      'public-url': 'configured',
      https: 'default',
    });
    for (const value of Object.values(secrets).filter((v) => v.length > 10)) {
      expect(res.body).not.toContain(value);
    }
    expect(res.body).not.toContain('mail-password');
  });

  it('eBay config check masks the keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ebay/config-check' });
    const body = res.json();
    expect(body.all_configured).toBe(true);
    expect(body.credentials_status.client_secret.looks_valid).toBe(true);
    expect(body.credentials_status.ru_name.is_https).toBe(false);
    expect(body.test_urls.production).toBe('https://auth.ebay.com/oauth2/authorize');
    expect(res.body).not.toContain(secrets.EBAY_CLIENT_SECRET);
    expect(res.body).not.toContain(secrets.EBAY_CLIENT_ID);
    expect(body.issues).toContain(
      'eBay redirects only to an https accept URL: serve the app over https so that it is https://localhost:3000/ebay-callback',
    );
  });

  it('serves the OpenAPI page and document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/health', '/api/env-check', '/api/account/reset-password']));
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
  });

  it('answers unknown API routes with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('envCheck', () => {
  const tempDir = tempDirs('rs-env-check-');

  it('says how HTTPS is served', () => {
    const https = envCheck(loadConfig({ DATA_DIR: tempDir(), HTTPS: '1' })).find((e) => e.key === 'https');
    expect(https).toMatchObject({ status: 'configured', detail: expect.stringContaining('/api/tls/resale-studio-ca.crt') });
  });
});
