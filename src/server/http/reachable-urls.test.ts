import { describe, expect, it } from 'vitest';
import { trustedOrigins } from '../auth/auth';
import type { Config } from '../config';
import { reachableUrls } from './reachable-urls';

const laptop = {
  publicUrl: 'https://localhost:3000',
  publicUrlSource: 'default',
  allowedOrigins: ['https://studio.local:3000'],
  lanAddresses: ['192.168.1.23'],
  tls: { kind: 'self-signed', dir: '/data/tls' },
  port: 3000,
  host: '0.0.0.0',
} satisfies Partial<Config>;

describe('trustedOrigins', () => {
  it("trusts localhost and the LAN addresses on the server's scheme and port while PUBLIC_URL is not set", () => {
    expect(trustedOrigins(laptop)).toEqual([
      'https://localhost:3000',
      'https://studio.local:3000',
      'https://127.0.0.1:3000',
      'https://192.168.1.23:3000',
    ]);
    expect(trustedOrigins({ ...laptop, publicUrl: 'http://localhost:3000', tls: { kind: 'off' } })).toContain('http://192.168.1.23:3000');
  });

  it('trusts only PUBLIC_URL and ALLOWED_HOSTS once PUBLIC_URL is set', () => {
    expect(trustedOrigins({ ...laptop, publicUrl: 'https://studio.example', publicUrlSource: 'env' })).toEqual([
      'https://studio.example',
      'https://studio.local:3000',
    ]);
  });
});

describe('reachableUrls', () => {
  it('lists every address to open the app at', () => {
    expect(reachableUrls(laptop)).toEqual(['https://localhost:3000', 'https://studio.local:3000', 'https://192.168.1.23:3000']);
  });

  it('leaves out the LAN addresses when the server listens on loopback only', () => {
    expect(reachableUrls({ ...laptop, host: '127.0.0.1' })).toEqual(['https://localhost:3000', 'https://studio.local:3000']);
  });
});
