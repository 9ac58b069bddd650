import { money } from '@shared/domain/money';
import { channels, isApiChannel } from '@shared/domain/channel-listing';
import type { DoubleSale, EndNowResponse } from '@shared/contracts/sale-ends';
import { saleEndsMessages } from '@shared/contracts/sale-ends';
import { AppError } from '@shared/errors';
import type { Db } from '../db/client';
import { cancelSaleByHand, doubleSoldItems, liveApiChannelsOf, type DoubleSaleRow } from './double-sales-repo';
import type { Marketplaces } from '../channels/marketplace';
import { soldOutAnywhere } from '../channels/sold-out';
import { ownedItemIds } from '../items/item-writer';
import type { SalesService } from './sales';

const itemNotFound = () => new AppError('NOT_FOUND', 'Item not found');

/**
 * After a sale (decision 083): "End it now" on a listing still live because its end failed, and the double
 * sales (two channels sold the last unit) with the orders to cancel, until the seller marks which one they cancelled.
 */
export function createSaleEnds({
  db,
  marketplaces,
  sales,
}: {
  db: Db;
  marketplaces: Marketplaces;
  sales: Pick<SalesService, 'endElsewhereNow'>;
}) {
  const itemIsOwn = async (userId: string, itemId: string) => (await ownedItemIds(db, userId, [itemId])).length > 0;

  function doubleSaleOf(row: DoubleSaleRow): DoubleSale {
    const lines = row.sales.map((sale) => ({
      saleId: sale.saleId,
      channel: sale.channel,
      orderId: sale.orderId,
      orderName: sale.orderName,
      buyer: sale.buyer,
      price: money(Number(sale.priceMinor), sale.currency),
      soldAt: new Date(sale.soldAt).toISOString(),
      orderUrl: isApiChannel(sale.channel) ? marketplaces[sale.channel].orderUrl(sale.listingUrl, sale.orderId) : sale.listingUrl,
    }));
    return {
      itemId: row.itemId,
      sku: row.sku,
      title: row.title,
      channels: channels.filter((channel) => lines.some((line) => line.channel === channel)),
      sales: lines,
    };
  }

  return {
    /** Tries the sold item's ends now; what still fails stays queued to retry. 404: not the seller's item. */
    async endNow(userId: string, itemId: string): Promise<EndNowResponse> {
      if (!(await itemIsOwn(userId, itemId))) throw itemNotFound();
      const ended = await sales.endElsewhereNow(userId, [itemId]);
      const soldOut = (await soldOutAnywhere(db, userId, [itemId])).has(itemId);
      return { ended, stillLive: soldOut ? await liveApiChannelsOf(db, userId, itemId) : [] };
    },

    /** The seller's double sales, newest first (the dashboard's banner). */
    async doubleSales(userId: string): Promise<DoubleSale[]> {
      return (await doubleSoldItems(db, userId)).map(doubleSaleOf);
    },

    /** The item's double sale; 404 when the item is not the seller's or is not sold twice. */
    async doubleSaleOfItem(userId: string, itemId: string): Promise<DoubleSale> {
      if (!(await itemIsOwn(userId, itemId))) throw itemNotFound();
      const [row] = await doubleSoldItems(db, userId, itemId);
      if (!row) throw new AppError('NOT_FOUND', saleEndsMessages.notDoubleSold);
      return doubleSaleOf(row);
    },

    /**
     * Resolved: the seller cancelled `saleId` on its marketplace. Only a sale of this item's double sale; it then
     * leaves the sales and the profit, and the item is sold once.
     */
    async resolve(userId: string, itemId: string, saleId: string): Promise<void> {
      const current = await this.doubleSaleOfItem(userId, itemId);
      if (!current.sales.some((sale) => sale.saleId === saleId)) throw new AppError('NOT_FOUND', 'Sale not found');
      await cancelSaleByHand(db, userId, itemId, saleId);
    },
  };
}

export type SaleEnds = ReturnType<typeof createSaleEnds>;
