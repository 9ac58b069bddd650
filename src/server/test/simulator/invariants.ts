import type { ItemProfitFloorResponse } from '@shared/contracts/profit-floor';
import type { Item } from '@shared/contracts/items';
import type { ItemProfitResponse, ProfitResponse } from '@shared/contracts/profit';
import type { WhatSellsResponse } from '@shared/contracts/what-sells';
import { money, toDecimalString } from '@shared/domain/money';
import { must, simStats, type SimReal } from './commands';
import { apiMarkets, type ItemModel, type SimModel } from './model';

/** The whole app, checked against the model after every step (decision 128's invariants 1, 3, 4 and 5; 2 is in the commands). */
export async function checkInvariants(m: SimModel, r: SimReal): Promise<void> {
  const views = new Map<string, Item>();
  for (const item of m.items) {
    const seller = m.sellers[item.seller]!;
    const answer = await r.world.api(seller.user, 'GET', `/api/items/${item.id}`);
    must(answer.statusCode === 200, `item ${item.id}: ${answer.statusCode}`);
    views.set(item.id, answer.json() as Item);
  }
  await pricesSent(m, r, views);
  await oneProfit(m, r);
  await liveStock(m, r, views);
  await everySale(m, r, views);
  await depopProducts(m, r);
}

const numeric = (amount: string) => Number(amount).toFixed(2);

/**
 * 1. Every price a marketplace received is the price the app shows for that listing (the last one sent for a live
 * listing), in the seller's currency, and at or above the floor unless the seller confirmed that very price or the
 * marketplace already had it (sent again by a revise of something else).
 */
async function pricesSent(m: SimModel, r: SimReal, views: Map<string, Item>) {
  const fresh = r.sent.filter((sent) => sent.step === r.step);
  for (const item of m.items) {
    const seller = m.sellers[item.seller]!;
    const view = views.get(item.id)!;
    const mine = (sent: SimReal['sent'][number]) => sent.key !== null && keyMatches(sent, item, view);
    const floors = fresh.some(mine)
      ? ((await r.world.api(seller.user, 'GET', `/api/items/${item.id}/profit-floor`)).json() as ItemProfitFloorResponse)
      : null;
    for (const sent of fresh.filter(mine)) {
      // The price the marketplace already had, sent again by a revise (its text, or another marketplace's price), is no
      // new price (decision 121): it was judged when it was first sent.
      const before = r.sent.filter((earlier) => earlier.step < r.step && earlier.channel === sent.channel && mine(earlier)).at(-1);
      const again = before !== undefined && numeric(before.amount) === numeric(sent.amount);
      if (sent.currency !== null)
        must(
          sent.currency === seller.currency,
          `invariant 1: ${sent.channel} got ${sent.amount} ${sent.currency} for a ${seller.currency} seller's item`,
        );
      const minor = Math.round(Number(sent.amount) * 100);
      const floor = floors?.channels.find((c) => c.channel === sent.channel)?.floor;
      simStats.sendsFloorChecked += floor ? 1 : 0;
      if (floor && minor < floor.amountMinor && !again)
        must(
          item.confirmed.has(minor),
          `invariant 1: ${sent.channel} got ${sent.amount} for item ${item.sku}, under its floor ${toDecimalString(money(floor.amountMinor, floor.currency))}, a price the seller never confirmed (${sent.path})`,
        );
    }
    for (const market of apiMarkets) {
      const listing = view.listings.find((l) => l.channel === market);
      if (listing?.status !== 'live' || listing.change) continue;
      const last = r.sent.filter((sent) => sent.channel === market && mine(sent)).at(-1);
      if (!last) continue;
      must(listing.price, `invariant 1: ${market} listing of ${item.sku} is live without a price on screen`);
      simStats.listingPricesChecked += 1;
      must(
        numeric(last.amount) === toDecimalString(listing.price),
        `invariant 1: ${market} holds ${last.amount} for ${item.sku}, the app shows ${toDecimalString(listing.price)} ${listing.price.currency}`,
      );
      must(
        listing.price.currency === seller.currency,
        `invariant 1: ${market} listing shown in ${listing.price.currency} for a ${seller.currency} seller`,
      );
    }
  }
}

/** Whether a recorded send is for this item's listing: eBay's and Shopify's SKU, Etsy's listing id. */
function keyMatches(sent: SimReal['sent'][number], item: ItemModel, view: Item): boolean {
  if (sent.key === item.sku || Boolean(sent.key?.endsWith(`-${item.sku}`))) return true;
  const url = view.listings.find((l) => l.channel === sent.channel)?.url;
  return sent.channel === 'etsy' && Boolean(url && sent.key && new URL(url).pathname.split('/').includes(sent.key));
}

/** 3. A sale's profit is the same number on the item, in the profit view and in the CSV. */
async function oneProfit(m: SimModel, r: SimReal) {
  for (const seller of m.sellers) {
    const mine = m.items.filter((item) => m.sellers[item.seller] === seller);
    const saleProfits = new Map<string, number | null>();
    for (const item of mine) {
      const profit = (await r.world.api(seller.user, 'GET', `/api/items/${item.id}/profit`)).json() as ItemProfitResponse;
      for (const sale of profit.sales.filter((s) => !s.cancelledAt)) saleProfits.set(sale.orderId, sale.profit?.amountMinor ?? null);
    }
    const months = (await r.world.api(seller.user, 'GET', '/api/profit')).json() as ProfitResponse;
    const csv = (await r.world.api(seller.user, 'GET', '/api/profit.csv')).body;
    const known = [...saleProfits.values()].filter((p): p is number => p !== null);
    const monthProfit = months.months.reduce((sum, month) => sum + (month.profit?.amountMinor ?? 0), 0);
    must(
      monthProfit === known.reduce((a, b) => a + b, 0),
      `invariant 3: the profit view counts ${monthProfit} where the items' sales make ${known.join(' + ')}`,
    );
    // What sells (decision 149) sums the same sales in SQL: every dimension's groups make the profit view's total.
    for (const by of ['brand', 'marketplace'] as const) {
      const groups = (await r.world.api(seller.user, 'GET', `/api/what-sells?by=${by}`)).json() as WhatSellsResponse;
      const total = groups.groups.reduce((sum, group) => sum + group.profit.amountMinor, 0);
      must(total === monthProfit, `invariant 3: What sells by ${by} counts ${total} where the profit view counts ${monthProfit}`);
    }
    for (const month of months.months)
      must(month.currency === seller.currency, `invariant 3: a profit month in ${month.currency} for a ${seller.currency} seller`);
    const rows = csvSaleRows(csv);
    for (const [orderId, profit] of saleProfits) {
      const row = rows.get(orderId);
      must(row, `invariant 3: sale ${orderId} is not in the CSV`);
      const shown = row.profit === '' ? null : Math.round(Number(row.profit) * 100);
      must(shown === profit, `invariant 3: sale ${orderId}'s profit is ${profit} on the item and ${row.profit} in the CSV`);
    }
    must(rows.size === saleProfits.size, `invariant 3/5: the CSV has ${rows.size} sales, the items ${saleProfits.size}`);
  }
}

/** The CSV's second table (one row a sale), by order id. */
function csvSaleRows(csv: string): Map<string, { profit: string }> {
  const lines = csv.split(/\r?\n/);
  const header = lines.findIndex((line) => line.startsWith('Date,'));
  const found = new Map<string, { profit: string }>();
  if (header < 0) return found;
  const names = parseCsvLine(lines[header]!);
  for (const line of lines.slice(header + 1)) {
    if (!line.trim()) break;
    const cells = parseCsvLine(line);
    found.set(cells[names.indexOf('Order')]!, { profit: cells[names.indexOf('Profit')] ?? '' });
  }
  return found;
}

function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/**
 * 4. Live stock is the items live somewhere and not sold; nothing API-listed is live once the last unit sold; nothing
 * is live on a marketplace the seller disconnected (a sale there would go unseen).
 */
async function liveStock(m: SimModel, r: SimReal, views: Map<string, Item>) {
  for (const seller of m.sellers) {
    const stock = (await r.world.api(seller.user, 'GET', '/api/aging-stock')).json() as { bands: { items: { itemId: string }[] }[] };
    const shown = new Set(stock.bands.flatMap((band) => band.items.map((i) => i.itemId)));
    for (const item of m.items.filter((i) => m.sellers[i.seller] === seller)) {
      const view = views.get(item.id)!;
      const unseen = view.listings.filter(
        (l) => l.status === 'live' && (apiMarkets as readonly string[]).includes(l.channel) && !seller.connected.has(l.channel as never),
      );
      must(unseen.length === 0, `invariant 4: ${item.sku} is live on ${unseen.map((l) => l.channel)}, which the seller disconnected`);
      const soldOut = item.sales.length > 0;
      if (soldOut) {
        const stillLive = view.listings.filter(
          (l) => l.status === 'live' && ([...apiMarkets, 'depop'] as readonly string[]).includes(l.channel),
        );
        must(
          stillLive.length === 0,
          `invariant 4: ${item.sku} sold (${item.sales.map((s) => s.channel)}) and is still live on ${stillLive.map((l) => `${l.channel} (change ${l.change}, error ${l.error}, delist task ${l.delistTask})`)}`,
        );
        must(!shown.has(item.id), `invariant 4: ${item.sku} sold and is still in the aging stock`);
      } else {
        const live = view.listings.some((l) => l.status === 'live');
        must(
          shown.has(item.id) === live,
          `invariant 4: ${item.sku} is ${live ? '' : 'not '}live and ${shown.has(item.id) ? '' : 'not '}in the aging stock`,
        );
      }
    }
  }
}

/** 5. No sale counted twice, none lost, none seen by another seller. */
async function everySale(m: SimModel, r: SimReal, views: Map<string, Item>) {
  for (const item of m.items) {
    const seller = m.sellers[item.seller]!;
    const profit = (await r.world.api(seller.user, 'GET', `/api/items/${item.id}/profit`)).json() as ItemProfitResponse;
    const live = profit.sales.filter((s) => !s.cancelledAt);
    must(new Set(live.map((s) => `${s.channel}:${s.orderId}`)).size === live.length, `invariant 5: ${item.sku} has a sale twice`);
    must(
      live.length === item.sales.length,
      `invariant 5: ${item.sku} sold ${item.sales.length} times (${item.sales.map((s) => s.channel)}), the app holds ${live.length} (${live.map((s) => s.channel)})`,
    );
    const view = views.get(item.id)!;
    must((view.sale !== null) === item.sales.length > 0, `invariant 5: ${item.sku}'s card says ${view.sale ? 'sold' : 'not sold'}`);
    for (const other of m.sellers.filter((s) => s !== seller)) {
      const theirs = await r.world.api(other.user, 'GET', `/api/items/${item.id}`);
      must(theirs.statusCode === 404, `invariant 5: another seller opens ${item.sku}: ${theirs.statusCode}`);
      const theirProfit = await r.world.api(other.user, 'GET', `/api/items/${item.id}/profit`);
      must(theirProfit.statusCode === 404, `invariant 5: another seller reads ${item.sku}'s profit: ${theirProfit.statusCode}`);
    }
  }
}

const judgedOffers = new WeakMap<SimReal, Set<string>>();
const judgedOffersOf = (r: SimReal) => judgedOffers.get(r) ?? judgedOffers.set(r, new Set()).get(r)!;

/**
 * 6. On the simulated Depop: every offer sent to a liker and every product's automatic offer is at least 5% under the
 * product's price and at or above the item's profit floor on Depop (the floor invariant 1 reads) when it is sent; a product sells once
 * at most; an item sold anywhere has no Depop product still on sale once the app settled.
 */
async function depopProducts(m: SimModel, r: SimReal) {
  const depop = r.world.t.deps.services.channels.depop.simulation;
  if (!depop) return;
  // Once the app settled (the mark-as-sold a sale elsewhere queues has run).
  await r.world.settle();
  const snapshot = depop.fake.snapshot();
  for (const item of m.items) {
    const seller = m.sellers[item.seller]!;
    if (seller.depopSellerId === null) continue;
    const products = snapshot.products.filter((p) => p.sellerId === seller.depopSellerId && p.sku === item.sku);
    if (products.length === 0) continue;
    const onSale = products.filter((p) => p.status === 'STATUS_ONSALE');
    must(onSale.length <= 1, `invariant 6: ${item.sku} is on sale ${onSale.length} times on Depop`);
    const orders = snapshot.orders.filter(
      (o) => o.sellerId === seller.depopSellerId && o.line.sku === item.sku && o.status !== 'REFUNDED' && o.status !== 'CANCELLED',
    );
    if (onSale.length > 0) r.reached.add('live');
    if (orders.length > 0 && item.sales.some((sale) => sale.channel === 'depop')) r.reached.add('sale');
    if (products.some((p) => p.likers.length > 0)) r.reached.add('like');
    if (products.some((p) => p.activeOffers.length > 0)) r.reached.add('offer');
    if (products.some((p) => p.autoSendOffer && p.likers.length > 0)) r.reached.add('automatic offer');
    must(orders.length <= 1, `invariant 6: ${item.sku} was bought ${orders.length} times on Depop`);
    if (item.sales.length > 0)
      must(
        onSale.length === 0,
        `invariant 6: ${item.sku} sold (${item.sales.map((s) => s.channel)}) and its Depop product is still on sale`,
      );
    // An offer sent to a liker is judged once, when it is first seen (right after the step that sent it): Depop has no
    // call to take a sent offer back, so a cost typed later cannot make it wrong. The automatic offer is the product's
    // standing setting, which the app must keep above the floor while the product is on sale: judged every time (a
    // sold or deleted product sends no offer, so a cost typed after its sale is no wrong there).
    const judged = judgedOffersOf(r);
    const offers = products.flatMap((p) => [
      ...p.activeOffers
        .filter((o) => {
          const key = `${p.sellerId}/${p.sku}/${o.recipientId}/${o.value.amountMinor}`;
          return judged.has(key) ? false : (judged.add(key), true);
        })
        .map((o) => ({ product: p, value: o.value, what: `offer to liker ${o.recipientId}` })),
      ...(p.autoSendOffer && p.status === 'STATUS_ONSALE' ? [{ product: p, value: p.autoSendOffer, what: 'automatic offer' }] : []),
    ]);
    if (offers.length === 0) continue;
    const floors = (await r.world.api(seller.user, 'GET', `/api/items/${item.id}/profit-floor`)).json() as ItemProfitFloorResponse;
    const floor = floors.channels.find((c) => c.channel === 'depop')?.floor;
    for (const { product, value, what } of offers) {
      simStats.depopOffersChecked += 1;
      must(
        value.currency === product.price.currency,
        `invariant 6: ${item.sku}'s ${what} is in ${value.currency}, its Depop price in ${product.price.currency}`,
      );
      must(
        value.amountMinor * 100 <= product.price.amountMinor * 95,
        `invariant 6: ${item.sku}'s ${what} ${toDecimalString(value)} is not 5% under its Depop price ${toDecimalString(product.price)}`,
      );
      if (floor)
        must(
          value.amountMinor >= floor.amountMinor,
          `invariant 6: ${item.sku}'s ${what} ${toDecimalString(value)} on Depop is under its floor ${toDecimalString(money(floor.amountMinor, floor.currency))} (cost ${item.costMinor})`,
        );
    }
  }
}
