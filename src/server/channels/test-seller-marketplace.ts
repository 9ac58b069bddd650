import type { SellerMarketplaceId } from '@shared/domain/seller-marketplace';
import { channelAccountOf, saveChannelAccount } from './channel-accounts-repo';
import type { Db } from '../db/client';

/**
 * Tests only (it lives beside the repo it writes through): puts the seller on a marketplace the way `sellerMarketplaceOf` reads it today: the eBay connection's data (a
 * connection of placeholder tokens when they have none; nothing calls eBay with it).
 */
export async function setSellerMarketplace(db: Db, userId: string, marketplaceId: SellerMarketplaceId): Promise<void> {
  const account = await channelAccountOf(db, userId, 'ebay');
  await saveChannelAccount(db, userId, 'ebay', {
    accountRef: account?.accountRef ?? `test-${userId}`,
    accessToken: account?.accessToken ?? 'none',
    refreshToken: account?.refreshToken ?? null,
    keyVersion: account?.keyVersion ?? 'none',
    scopes: account?.scopes ?? '',
    accessExpiresAt: account?.accessExpiresAt ?? null,
    refreshExpiresAt: account?.refreshExpiresAt ?? null,
    label: account?.label ?? null,
    data: { ...account?.data, marketplaceId },
  });
}
