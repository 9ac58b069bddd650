import { noOwnSales, type OwnSale, type OwnSalesEvidence } from '@shared/contracts/comparables';
import { channelNames } from '@shared/domain/channel-listing';
import { addMoney, divideRounded, money } from '@shared/domain/money';
import type { Db } from '../../../db/client';
import { spreadOf } from './comparables-summary';
import { ownSalesLike, type OwnSaleRow } from './own-sales-repo';

/**
 * Sold-price evidence from the seller's own sales history (decision 103). eBay's sold prices of others need
 * Marketplace Insights (a limited release) and the Finding API closed on 5 February 2025, so the sold prices shown
 * are the seller's own: the order lines their sales pulls recorded (eBay's from the Fulfillment API, its fees from
 * Finances), of items in the same category, in the seller's currency only.
 */
export interface OwnSalesItem {
  itemId: string;
  category: string | null;
  brand: string | null;
}

/** One line as a unit's sale: the line's price and shipping shared by its quantity, by the one rounding. */
function ownSaleOf(row: OwnSaleRow): OwnSale {
  const units = Math.max(1, row.quantity);
  const price = money(divideRounded(row.priceMinor, units), row.currency);
  const shipping = money(divideRounded(row.shippingChargedMinor, units), row.currency);
  return {
    title: row.title?.trim() || row.sku || 'Item',
    sku: row.sku,
    price,
    shipping,
    total: addMoney(price, shipping),
    soldAt: row.soldAt.toISOString(),
    fees: row.feesMinor === null ? null : money(divideRounded(row.feesMinor, units), row.currency),
    channel: channelNames[row.channel],
  };
}

export async function ownSalesEvidenceOf(db: Db, userId: string, item: OwnSalesItem, currency: string): Promise<OwnSalesEvidence> {
  const category = item.category?.trim();
  if (!category) return noOwnSales(currency, 'Add a category to compare with your own sales.');
  const brand = item.brand?.trim() || null;
  const rows = await ownSalesLike(db, userId, { itemId: item.itemId, category, brand, currency });
  if (!rows.length) return noOwnSales(currency, `You have no sales of ${category} in ${currency} yet.`);
  const sold = rows.map(ownSaleOf);
  const spread = spreadOf(sold);
  const ofBrand = brand ? rows.filter((r) => r.sameBrand).length : 0;
  const brandWords = !ofBrand ? '' : spread.count === 1 ? ` (${brand})` : ` (${ofBrand} of them ${brand})`;
  const which = spread.count === 1 ? 'Your 1 sale' : `Median of your ${spread.count} sales`;
  return {
    ...spread,
    currency,
    sales: sold.slice(0, 5),
    basis: `${which} of ${category}${brandWords}. Sold prices with the shipping the buyer paid, from your sales history.`,
    none: null,
  };
}
