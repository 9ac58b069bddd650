import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-crypto';

const secret = 'a-test-app-secret-of-32-characters-or-more';

describe('eBay token cipher', () => {
  it('round-trips, with a fresh IV each time and no plaintext in the stored form', () => {
    const cipher = createTokenCipher(secret);
    const token = 'v^1.1#i^1#r^1#p^3#I^3#f^0#t^Ul4xMF8';
    const a = cipher.encrypt(token);
    const b = cipher.encrypt(token);
    expect(a).not.toBe(b);
    expect(a).not.toContain(token);
    expect(cipher.decrypt(a, cipher.keyVersion)).toBe(token);
  });

  it('refuses a tampered ciphertext and an unknown key version', () => {
    const cipher = createTokenCipher(secret);
    const stored = cipher.encrypt('secret-token');
    const [iv, tag, body] = stored.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt(`${iv}.${tag}.${flipped.toString('base64url')}`, cipher.keyVersion)).toThrow();
    expect(() => cipher.decrypt(stored, 'k000000000000')).toThrow(/APP_SECRET/);
  });

  it('keeps reading values of a previous secret and says they are stale', () => {
    const old = createTokenCipher(secret);
    const stored = old.encrypt('old-token');
    const rotated = createTokenCipher('the-new-app-secret-0123456789-abcdefgh', [secret]);
    expect(rotated.keyVersion).not.toBe(old.keyVersion);
    expect(rotated.decrypt(stored, old.keyVersion)).toBe('old-token');
    expect(rotated.isStale(old.keyVersion)).toBe(true);
    expect(rotated.isStale(rotated.keyVersion)).toBe(false);
  });
});
