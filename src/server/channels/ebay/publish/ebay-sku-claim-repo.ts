/**
 * Which SKU an item writes on eBay, and the guard that it never writes one it did not create. eBay keys inventory by
 * SKU per eBay account, so a createOrReplaceInventoryItem on a SKU another shop (another account of this app on
 * the same eBay account, or a listing made elsewhere) already holds would replace that shop's live listing.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { EBAY_SKU_MAX_LENGTH, ebaySkuMessages, ebaySkuOf } from '@shared/domain/ebay-sku';
import type { Db } from '../../../db/client';
import { ebayDataOf } from '../listing-data';
import { ebayListingOf, isEbay } from '../listing-repo';
import { claimListingData } from '../../listings-repo';
import { channelAccounts, channelListings } from '../../../db/schema';
import { skuPrefixOf } from '../account/sku-prefix-repo';
import { PublishRefused } from './publish-refused';
import type { SellerSession } from './seller-session';
import { matching } from '../../../db/matching';

async function claimedEbaySku(db: Db, userId: string, itemId: string): Promise<string | null> {
  const listing = await ebayListingOf(db, userId, itemId);
  return (listing && ebayDataOf(listing.data).ebaySku) || null;
}

/** Whether another account of this app on the same eBay account has claimed this eBay SKU. */
export async function claimedByAnotherAccount(db: Db, userId: string, ebaySku: string): Promise<boolean> {
  const [mine] = await db
    .select({ ebayUserId: channelAccounts.accountRef })
    .from(channelAccounts)
    .where(matching(channelAccounts, { userId, channel: 'ebay' }));
  if (!mine) return false;
  const rows = await db
    .select({ id: channelListings.id })
    .from(channelListings)
    .innerJoin(channelAccounts, and(eq(channelAccounts.userId, channelListings.userId), eq(channelAccounts.channel, 'ebay')))
    .where(
      and(
        eq(channelAccounts.accountRef, mine.ebayUserId),
        ne(channelListings.userId, userId),
        isEbay,
        sql`${channelListings.data}->>'ebaySku' = ${ebaySku}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The eBay SKU of the item: the one it claimed on its first write, or (before that) the seller's prefix + its SKU,
 * claimed now if eBay holds nothing under it. Refuses (PublishRefused) when eBay already has an inventory item or
 * an offer under that SKU that this item did not create. The claim is saved before the first write, so a publish
 * interrupted after the write still knows the SKU is its own.
 */
export async function claimEbaySku(db: Db, session: SellerSession, userId: string, item: { id: string; sku: string }): Promise<string> {
  const claimed = await claimedEbaySku(db, userId, item.id);
  if (claimed) return claimed;
  const ebaySku = ebaySkuOf(await skuPrefixOf(db, userId), item.sku);
  if (ebaySku.length > EBAY_SKU_MAX_LENGTH) throw new PublishRefused(ebaySkuMessages.tooLong(ebaySku));
  const { client, accessToken } = session;
  const [existing, offers] = await Promise.all([
    client.inventory.getInventoryItem(accessToken, ebaySku),
    client.offers.getOffersBySku(accessToken, ebaySku),
  ]);
  if (existing || offers.length > 0 || (await claimedByAnotherAccount(db, userId, ebaySku))) {
    throw new PublishRefused(ebaySkuMessages.taken(ebaySku));
  }
  await claimListingData(db, userId, item.id, 'ebay', 'ebaySku', ebaySku);
  return (await claimedEbaySku(db, userId, item.id)) ?? ebaySku;
}
