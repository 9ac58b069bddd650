import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { loadConfig } from '../config';
import { checkEbayConfig } from '../channels/ebay/account/config-check';
import { envCheck } from './env-check';

// What /env-check and /test-ebay-config answer on a fresh laptop, without eBay keys: the simulated eBay on (the
// default) or off (EBAY_SIMULATION=off).
const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rs-diag-')), PUBLIC_URL: 'http://localhost:3000', ...env });

describe('diagnostics on a server without eBay keys', () => {
  it('env-check names the eBay keys as missing and the embedded defaults as defaults', () => {
    const entries = envCheck(config({ EBAY_SIMULATION: 'off' }));
    const byKey = Object.fromEntries(entries.map((entry) => [entry.key, entry]));
    expect(byKey['ebay-client-id']).toMatchObject({ status: 'missing' });
    expect(byKey['database']).toMatchObject({ status: 'default' });
    expect(byKey['mail']).toMatchObject({ status: 'default' });
  });

  it('env-check says the simulated eBay runs instead of the keys, labelled', () => {
    const byKey = Object.fromEntries(envCheck(config()).map((entry) => [entry.key, entry]));
    expect(byKey['ebay-client-id']).toMatchObject({ status: 'default', detail: 'Not set: the simulated eBay runs instead' });
    expect(byKey['ebay-env']).toMatchObject({ status: 'default', detail: SIMULATED_EBAY_LABEL });
  });

  it('test-ebay-config in the simulation says it runs, with nothing to fix and no Sandbox', () => {
    const check = checkEbayConfig(config());
    expect(check.simulated).toBe(true);
    expect(check.issues).toEqual([]);
    expect(check.fix_instructions).toEqual([]);
  });

  it('test-ebay-config with EBAY_SIMULATION=off is not ready and says what is not set', () => {
    const check = checkEbayConfig(config({ EBAY_SIMULATION: 'off' }));
    expect(check.simulated).toBe(false);
    expect(check.ready_for_oauth).toBe(false);
    expect(check.issues).toEqual(
      expect.arrayContaining([
        'EBAY_CLIENT_ID is not set',
        'EBAY_CLIENT_SECRET is not set',
        'EBAY_RU_NAME (the redirect URL name) is not set',
      ]),
    );
  });

  it('with keys, shows the secret masked, never whole', () => {
    const secret = 'SBX-0123456789ab-cdef-0123-4567-89ab';
    const check = checkEbayConfig(
      config({
        EBAY_CLIENT_ID: 'FakeSell-resale-SBX-0123456789-abcdef01',
        EBAY_CLIENT_SECRET: secret,
        EBAY_RU_NAME: 'Fake_Seller-FakeSell-resale-abcdefgh',
      }),
    );
    expect(check.ready_for_oauth).toBe(true);
    expect(JSON.stringify(check)).not.toContain(secret);
  });

  it('over http, the https advice and every accept URL it gives agree: all https', () => {
    const check = checkEbayConfig(
      config({
        EBAY_CLIENT_ID: 'FakeSell-resale-SBX-0123456789-abcdef01',
        EBAY_CLIENT_SECRET: 'SBX-0123456789ab-cdef-0123-4567-89ab',
        EBAY_RU_NAME: 'Fake_Seller-FakeSell-resale-abcdefgh',
      }),
    );
    const lines = [...check.issues, ...check.fix_instructions, ...check.setup_instructions];
    expect(lines.some((line) => line.includes('https'))).toBe(true);
    const acceptUrls = lines.flatMap((line) => line.match(/\bhttps?:\/\/\S+\/ebay-callback/g) ?? []);
    expect(acceptUrls.length).toBeGreaterThan(0);
    for (const url of acceptUrls) expect(url).toBe('https://localhost:3000/ebay-callback');
  });
});
