/**
 * Marketplace tokens at rest (eBay's and Etsy's): AES-256-GCM under a key derived from APP_SECRET with HKDF-SHA256. Each stored pair carries
 * the id of the key that encrypted it (a short HMAC of the key, never the key), so APP_SECRET can rotate: the old
 * secret goes into APP_SECRET_PREVIOUS, tokens under it are still read and re-encrypted under the new one on use.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

// The derivation's names date from when eBay was the only marketplace: changing them would make every stored token unreadable.
const INFO = 'resale-studio ebay-token v1';
const SALT = 'resale-studio/ebay-credentials';

interface TokenKey {
  id: string;
  key: Buffer;
}

function deriveKey(secret: string): TokenKey {
  const key = Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
  const id = `k${createHmac('sha256', key).update('key-id').digest('hex').slice(0, 12)}`;
  return { id, key };
}

export interface TokenCipher {
  /** Id of the current key, stored beside each ciphertext. */
  readonly keyVersion: string;
  encrypt(plaintext: string): string;
  /** Decrypts with the key the version names; throws when no configured secret has that key. */
  decrypt(ciphertext: string, keyVersion: string): string;
  /** Whether a stored value should be re-encrypted under the current key. */
  isStale(keyVersion: string): boolean;
}

export function createTokenCipher(appSecret: string, previousSecrets: string[] = []): TokenCipher {
  const current = deriveKey(appSecret);
  const keys = new Map<string, Buffer>([[current.id, current.key]]);
  for (const secret of previousSecrets) {
    const old = deriveKey(secret);
    if (!keys.has(old.id)) keys.set(old.id, old.key);
  }
  return {
    keyVersion: current.id,
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    decrypt(ciphertext, keyVersion) {
      const key = keys.get(keyVersion);
      if (!key) throw new Error('Marketplace tokens were encrypted under an APP_SECRET this server does not have');
      const [iv, tag, body] = ciphertext.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('A stored marketplace token is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
    isStale(keyVersion) {
      return keyVersion !== current.id;
    },
  };
}

/**
 * A seller's tokens as they are stored: each sealed under the current key, beside that key's id (a token the
 * marketplace does not give, Shopify's refresh token, stays null).
 */
export function sealTokens(
  cipher: TokenCipher,
  pair: { accessToken: string; refreshToken: string },
): { accessToken: string; refreshToken: string; keyVersion: string };
export function sealTokens(
  cipher: TokenCipher,
  pair: { accessToken: string; refreshToken: string | null },
): { accessToken: string; refreshToken: string | null; keyVersion: string };
export function sealTokens(cipher: TokenCipher, pair: { accessToken: string; refreshToken: string | null }) {
  return {
    accessToken: cipher.encrypt(pair.accessToken),
    refreshToken: pair.refreshToken === null ? null : cipher.encrypt(pair.refreshToken),
    keyVersion: cipher.keyVersion,
  };
}
