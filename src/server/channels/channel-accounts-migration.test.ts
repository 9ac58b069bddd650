import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelAccountOf, liveSellersOnChannel } from './channel-accounts-repo';
import { findCredentials } from './ebay/account/repo';
import { claimConsent } from './oauth/consent';
import { createTokenKeeper } from './oauth/token-keeper';
import { createTokenCipher } from './token-crypto';
import { silentLog } from '../test/listings';
import { createEmptyPostgresDatabase } from '../test/test-database';
import { openDatabase, type Database } from '../db/client';

/**
 * Migration 0029 moves eBay's and Etsy's connections onto `channel_accounts` and drops their tables
 * (decision 079). A database built at 0028 with an eBay and an Etsy connection (and a consent under way) must have
 * both still connected after it, their tokens still decrypting to what was stored. On PGlite, and on PostgreSQL in
 * the postgres project (TEST_DATABASE_URL).
 */
const migrations = readMigrationFiles({
  migrationsFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations'),
});
const target = migrations.findIndex((m) => m.sql.some((s) => s.includes('CREATE TABLE "oauth_states"')));
const before = migrations.slice(0, target);
const accountsMigration = migrations[target]!;

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER === 'postgres' && adminUrl) {
    const empty = await createEmptyPostgresDatabase(adminUrl, 'rs_accounts_migration');
    database = await openDatabase({ kind: 'postgres', url: empty.url, max: 2 });
    dropDatabase = empty.drop;
  } else {
    database = await openDatabase({ kind: 'pglite' });
  }
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

const rows = async <T>(query: string): Promise<T[]> => ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const run = async (statements: string[]) => {
  for (const statement of statements) if (statement.trim()) await database.db.execute(sql.raw(statement));
};
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

// Sealed under the key of a previous APP_SECRET: the key version travels with the tokens.
const cipher = createTokenCipher('the-app-secret-of-this-install-0123456789');
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const tokens = {
  ebayAccess: 'v^1.1#i^1#ebay-access-token',
  ebayRefresh: 'v^1.1#i^1#ebay-refresh-token',
  etsyAccess: '5551001.etsy-access-token',
  etsyRefresh: '5551001.etsy-refresh-token',
  legacyAccess: 'ebay-access-token-of-a-connection-before-scopes',
  legacyRefresh: 'ebay-refresh-token-of-a-connection-before-scopes',
};

async function seedAt0028() {
  await run([
    `insert into "user" (id, name, email) values ('seller-1', 'One', 'one@example.test'), ('seller-2', 'Two', 'two@example.test')`,
    `insert into ebay_credentials (user_id, ebay_user_id, ebay_username, is_sandbox, marketplace_id, access_token_enc, refresh_token_enc,
       token_key_version, token_expires_at, refresh_token_expires_at, scopes, default_payment_policy_id, default_fulfillment_policy_id,
       default_return_policy_id)
     values ('seller-1', 'ebay-user-1', 'vintage_one', false, 'EBAY_US', ${quote(cipher.encrypt(tokens.ebayAccess))},
       ${quote(cipher.encrypt(tokens.ebayRefresh))}, ${quote(cipher.keyVersion)}, '${inHours(2)}', '${inHours(24 * 500)}',
       'https://api.ebay.com/oauth/api_scope/sell.inventory https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly', 'pay-1', 'ship-1', 'ret-1')`,
    // Connected before scopes were kept: no scopes, no policies yet, no refresh token end known.
    `insert into ebay_credentials (user_id, ebay_user_id, ebay_username, access_token_enc, refresh_token_enc, token_key_version, token_expires_at)
     values ('seller-2', 'ebay-user-1', null, ${quote(cipher.encrypt(tokens.legacyAccess))}, ${quote(cipher.encrypt(tokens.legacyRefresh))},
       ${quote(cipher.keyVersion)}, '${inHours(2)}')`,
    `insert into etsy_accounts (user_id, etsy_user_id, shop_id, shop_name, access_token, refresh_token, key_version, access_expires_at,
       refresh_expires_at, scopes, shipping_profile_id, return_policy_id, processing_profile_id)
     values ('seller-1', '5551001', '9001', 'FakeVintageShop', ${quote(cipher.encrypt(tokens.etsyAccess))}, ${quote(cipher.encrypt(tokens.etsyRefresh))},
       ${quote(cipher.keyVersion)}, '${inHours(1)}', '${inHours(24 * 80)}', 'listings_r listings_w', 'sp-1', 'rp-1', 'pp-1')`,
    `insert into ebay_oauth_states (state, user_id, is_sandbox, expires_at) values ('ebay-state-under-way', 'seller-1', false, '${inHours(0.1)}')`,
    `insert into etsy_oauth_states (state, user_id, code_verifier, expires_at) values ('etsy-state-under-way', 'seller-2', 'the-verifier', '${inHours(0.1)}')`,
    `insert into etsy_oauth_states (state, user_id, code_verifier, expires_at) values ('etsy-state-expired', 'seller-2', 'old', '${inHours(-1)}')`,
  ]);
}

describe('migration 0029_channel_accounts_for_every_channel', () => {
  it('keeps eBay and Etsy connected, their tokens decrypting as before, and drops the old tables', async () => {
    expect(target).toBeGreaterThan(0);
    for (const migration of before) await run(migration.sql);
    await seedAt0028();
    await run(accountsMigration.sql);
    const db = database.db;

    // eBay, as eBay's account code reads it.
    const ebay = (await findCredentials(db, 'seller-1'))!;
    expect(ebay).toMatchObject({
      ebayUserId: 'ebay-user-1',
      ebayUsername: 'vintage_one',
      isSandbox: false,
      marketplaceId: 'EBAY_US',
      defaultPaymentPolicyId: 'pay-1',
      defaultFulfillmentPolicyId: 'ship-1',
      defaultReturnPolicyId: 'ret-1',
    });
    expect(ebay.scopes).toContain('sell.fulfillment.readonly');
    const legacy = (await findCredentials(db, 'seller-2'))!;
    expect(legacy).toMatchObject({
      ebayUserId: 'ebay-user-1',
      ebayUsername: null,
      isSandbox: true,
      scopes: null,
      refreshTokenExpiresAt: null,
    });
    expect(legacy.defaultPaymentPolicyId).toBeNull();

    // The tokens, stored as they were, decrypt to what was stored.
    const ebayRow = (await channelAccountOf(db, 'seller-1', 'ebay'))!;
    expect(cipher.decrypt(ebayRow.accessToken, ebayRow.keyVersion)).toBe(tokens.ebayAccess);
    expect(cipher.decrypt(ebayRow.refreshToken!, ebayRow.keyVersion)).toBe(tokens.ebayRefresh);
    const etsyRow = (await channelAccountOf(db, 'seller-1', 'etsy'))!;
    expect(etsyRow).toMatchObject({ accountRef: '9001', label: 'FakeVintageShop', scopes: 'listings_r listings_w' });
    expect(etsyRow.data).toEqual({
      etsyUserId: '5551001',
      shopId: '9001',
      shippingProfileId: 'sp-1',
      returnPolicyId: 'rp-1',
      processingProfileId: 'pp-1',
    });
    expect(cipher.decrypt(etsyRow.accessToken, etsyRow.keyVersion)).toBe(tokens.etsyAccess);
    expect(cipher.decrypt(etsyRow.refreshToken!, etsyRow.keyVersion)).toBe(tokens.etsyRefresh);

    // Still connected: the token keeper hands out the stored tokens (no refresh due), and the schedules see them.
    const keeperOf = (channel: 'ebay' | 'etsy') =>
      createTokenKeeper({
        db,
        cipher,
        channel,
        label: channel,
        log: silentLog,
        refreshMarginMs: 60_000,
        refresh: () => Promise.reject(new Error('no refresh is due')),
        isTokenRefused: () => false,
        notConnected: () => new Error('not connected'),
        expired: () => new Error('expired'),
      });
    expect((await keeperOf('ebay').accessToken('seller-1')).token).toBe(tokens.ebayAccess);
    expect((await keeperOf('ebay').accessToken('seller-2')).token).toBe(tokens.legacyAccess);
    expect((await keeperOf('etsy').accessToken('seller-1')).token).toBe(tokens.etsyAccess);
    expect((await liveSellersOnChannel(db, 'ebay', new Date())).map((r) => r.userId).sort()).toEqual(['seller-1', 'seller-2']);
    expect((await liveSellersOnChannel(db, 'etsy', new Date())).map((r) => r.userId)).toEqual(['seller-1']);

    // A consent under way goes on; an expired one was not carried over.
    expect(await claimConsent(db, { userId: 'seller-1', channel: 'ebay', state: 'ebay-state-under-way', now: Date.now() })).toEqual({
      codeVerifier: null,
      data: { isSandbox: false },
    });
    expect(await claimConsent(db, { userId: 'seller-2', channel: 'etsy', state: 'etsy-state-under-way', now: Date.now() })).toEqual({
      codeVerifier: 'the-verifier',
      data: {},
    });
    expect(await rows(`select state from oauth_states where state = 'etsy-state-expired'`)).toEqual([]);

    expect(
      await rows(
        `select table_name from information_schema.tables where table_schema = 'public'
         and table_name in ('ebay_credentials', 'etsy_accounts', 'ebay_oauth_states', 'etsy_oauth_states')`,
      ),
    ).toEqual([]);
  });
});
