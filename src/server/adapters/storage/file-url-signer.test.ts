import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFileUrlSigner } from './file-url-signer';

const signer = createFileUrlSigner('a-test-secret-of-at-least-32-characters!');
const now = Date.UTC(2030, 0, 1, 12, 0, 7);

describe('createFileUrlSigner', () => {
  it('round-trips the key; the expiry is at most the TTL away, rounded down to keep URLs stable a while', () => {
    const token = signer.sign('u1/i1/1-0-ab.jpg', 3600, now);
    const check = signer.verify(token, now);
    expect(check).toMatchObject({ ok: true, key: 'u1/i1/1-0-ab.jpg' });
    const expiresAt = check.ok ? check.expiresAt : 0;
    expect(expiresAt).toBeLessThanOrEqual(now / 1000 + 3600);
    expect(expiresAt).toBeGreaterThan(now / 1000 + 3600 - 300);
    expect(signer.sign('u1/i1/1-0-ab.jpg', 3600, now + 1000)).toBe(token);
  });

  it('MACs with standard HMAC-SHA256 (tokens signed before the faster MAC stay valid)', () => {
    const secret = 'a-test-secret-of-at-least-32-characters!';
    const token = signer.sign('u1/i1/1-0-ab.thumb.webp', 3600, now);
    const [payload, tag] = token.split('.') as [string, string];
    const macKey = Buffer.from(hkdfSync('sha256', secret, 'resale-studio', 'signed file urls v1', 32));
    const expected = createHmac('sha256', macKey).update(Buffer.from(payload, 'base64url')).digest('base64url');
    expect(tag).toBe(expected);
  });

  it('tells expired from invalid', () => {
    const token = signer.sign('k.jpg', 60, now);
    expect(signer.verify(token, now + 61_000)).toEqual({ ok: false, reason: 'expired' });
    expect(signer.verify(`${token}x`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify('', now)).toEqual({ ok: false, reason: 'invalid' });
    expect(createFileUrlSigner('another-secret-of-at-least-32-characters').verify(token, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
