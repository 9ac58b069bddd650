import { channelNames, channels, type Channel } from '@shared/domain/channel-listing';
import { servesSellerIn } from '@shared/domain/marketplace-countries';
import {
  floorMoney as floorAsMoney,
  itemProfitFloorResponse,
  type ChannelFeesWire,
  type ChannelFloor,
  type ItemProfitFloorResponse,
  type ProfitFloorSettings,
} from '@shared/contracts/profit-floor';
import { formatMoney, money, type Money } from '@shared/domain/money';
import {
  PPM,
  checkPrice,
  clearsFloor,
  profitAt,
  profitFloor,
  rateSchedule,
  type FeeSchedule,
  type FloorInputs,
  publishedFeesFor,
  type MinimumMargin,
  type PublishedFees,
} from '@shared/domain/profit-floor';
import type { ProfitEstimates } from '@shared/domain/profit';
import { AppError, notFound } from '@shared/errors';
import { channelPriceOf } from '../price-rules/channel-price';
import { priceListOf } from '../price-list/service';
import type { PriceRules } from '../price-rules/price-rules';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import { sellerRegionIn } from '../seller-region/service';
import { itemPricingOf, listingPricesOf, recentFeesOf, saveSettingsRow, settingsRowOf, type ProfitFloorSettingsRow } from './repo';

/** The seller's own fees count once there are this many sales with known fees on the channel... */
export const OWN_FEES_MIN_SALES = 5;
/** ...in this many days: the average rate of those sales' fees over what their buyers paid. */
export const OWN_FEES_DAYS = 90;
export const feesRule = `${OWN_FEES_MIN_SALES} or more sales with their fees known on the channel in the last ${OWN_FEES_DAYS} days: their average rate (fees over what the buyers paid); fewer: the channel's published fee schedule, an estimate`;

export interface ProfitFloorDeps {
  db: Db;
  clock: Pick<Clock, 'now'>;
  priceRules: PriceRules;
  /** Every channel's published fees: the API channels' modules' (eBay's per marketplace) and the assisted channels' definitions'. */
  publishedFees: Readonly<Record<Channel, readonly PublishedFees[]>>;
}

const defaultSettings = (currency: string): ProfitFloorSettings => ({
  currency,
  shippingCost: { amountMinor: 0, currency },
  minimumMargin: { kind: 'amount', amount: { amountMinor: 0, currency } },
});

/** The seller's saved settings; none saved: nothing to ship, no margin, in the seller's own currency (decision 106). */
function settingsOfRow(row: ProfitFloorSettingsRow | null, sellerCurrency: string): ProfitFloorSettings {
  if (!row) return defaultSettings(sellerCurrency);
  const { currency } = row;
  return {
    currency,
    shippingCost: { amountMinor: row.shippingCostMinor, currency },
    minimumMargin:
      row.marginKind === 'percent'
        ? { kind: 'percent', basisPoints: row.marginBasisPoints }
        : { kind: 'amount', amount: { amountMinor: row.marginAmountMinor, currency } },
  };
}

const marginOf = (settings: ProfitFloorSettings): MinimumMargin =>
  settings.minimumMargin.kind === 'percent'
    ? { kind: 'percent', basisPoints: settings.minimumMargin.basisPoints }
    : { kind: 'amount', amountMinor: settings.minimumMargin.amount.amountMinor };

/** A sale's estimates (profit.ts) and where its fees estimate comes from: the seller's own sales, or published. */
export interface SaleEstimates extends ProfitEstimates {
  feesBasis: 'own-sales' | 'published' | null;
}

/** Each channel's estimates in a currency, and the seller's usual shipping in one (theirs, whatever the channel). */
export type SaleEstimatesOf = ((channel: Channel, currency: string) => SaleEstimates) & {
  usualShippingMinor(currency: string): number | null;
};

/** An item of the live stock, with the channels it is live on. */
export interface StockItem {
  itemId: string;
  costMinor: number | null;
  currency: string;
  channels: readonly Channel[];
}

/** An item's least floor over its live channels, or why it has none. */
export interface StockFloor {
  status: 'floor' | 'no-cost' | 'no-fees' | 'unreachable' | 'currency-mismatch';
  floorMinor: number | null;
  channel: Channel | null;
}

/** What the floor of one item on one channel is worked from: for the screens and, later, offers, drops and relists. */
export interface ChannelFloorBasis {
  inputs: FloorInputs;
  fees: ChannelFeesWire;
  schedule: FeeSchedule | null;
}

/** The floor's inputs and schedule of an item on a channel; CONFLICT when the seller's settings are in another currency. */
function channelBasis(
  seller: ProfitFloorSettings,
  item: { costMinor: number | null; currency: string },
  fees: Record<Channel, ChannelFeesWire>,
  channel: Channel,
): ChannelFloorBasis {
  if (seller.currency !== item.currency) {
    throw new AppError('CONFLICT', `The profit floor settings are in ${seller.currency}; this item is in ${item.currency}`);
  }
  const inputs: FloorInputs = {
    currency: item.currency,
    costMinor: item.costMinor,
    shippingMinor: seller.shippingCost.amountMinor,
    margin: marginOf(seller),
  };
  const channelFees = fees[channel];
  return { inputs, fees: channelFees, schedule: channelFees.basis === 'unknown' ? null : channelFees.schedule };
}

/**
 * A price against the item's profit floor on a channel (decision 121): it clears the floor; it is under it (what the
 * seller would make or lose, in words); or the floor is not known (no cost entered, no fees known, another currency).
 */
export type FloorVerdict =
  | { kind: 'clears'; floor: Money | null }
  | { kind: 'under'; floor: Money; profit: Money; message: string }
  | { kind: 'unknown'; reason: 'no-cost' | 'no-fees' | 'currency-mismatch'; message: string };

export const floorVerdictMessages = {
  noCost: 'No cost entered: the profit is unknown',
  noFees: (channel: string) => `${channel}'s fees are not known: the profit floor cannot be checked`,
} as const;

/** A price against a floor basis (`basisOn`'s), in the seller's words. */
export function verdictOf(basis: ChannelFloorBasis, channelLabel: string, price: Money): FloorVerdict {
  const { inputs, schedule } = basis;
  if (inputs.costMinor === null) return { kind: 'unknown', reason: 'no-cost', message: floorVerdictMessages.noCost };
  if (!schedule) return { kind: 'unknown', reason: 'no-fees', message: floorVerdictMessages.noFees(channelLabel) };
  const floor = profitFloor(inputs, schedule);
  if (floor.kind !== 'floor') {
    if (floor.kind === 'currency-mismatch')
      return { kind: 'unknown', reason: 'currency-mismatch', message: `${channelLabel}'s fees are in another currency` };
    // No price reaches the margin: every price is under it.
  }
  if (clearsFloor(inputs, schedule, price.amountMinor))
    return { kind: 'clears', floor: floor.kind === 'floor' ? money(floor.floorMinor, price.currency) : null };
  const floorMinor = floor.kind === 'floor' ? floor.floorMinor : price.amountMinor + 1;
  const check = checkPrice(inputs, schedule, channelLabel, price.amountMinor, floorMinor);
  return {
    kind: 'under',
    floor: money(floorMinor, price.currency),
    profit: money(check.profitMinor ?? 0, price.currency),
    message: check.message ?? `${formatMoney(price)} is under your profit floor on ${channelLabel}`,
  };
}

/**
 * The profit floor per item and channel (decision 086). Every query filters by the signed-in user; another
 * user's item is a 404. The floor is shown where a price is set and warned about, never enforced on a price the
 * seller types; automatic actions (offers, drops, relists) will take `clearsFloor` as a hard limit.
 */
export function createProfitFloorService({ db, clock, priceRules, publishedFees }: ProfitFloorDeps) {
  /** Told after a seller saves their settings (compose.ts: listings priced from the floor are revised). */
  const settingsListeners: ((userId: string) => Promise<void>)[] = [];

  async function settings(userId: string): Promise<ProfitFloorSettings> {
    const [row, region] = await Promise.all([settingsRowOf(db, userId), sellerRegionIn(db, userId)]);
    return settingsOfRow(row, region.currency);
  }

  async function saveSettings(userId: string, body: ProfitFloorSettings): Promise<ProfitFloorSettings> {
    const { minimumMargin: margin } = body;
    await saveSettingsRow(db, userId, {
      currency: body.currency,
      shippingCostMinor: body.shippingCost.amountMinor,
      marginKind: margin.kind,
      marginAmountMinor: margin.kind === 'amount' ? margin.amount.amountMinor : 0,
      marginBasisPoints: margin.kind === 'percent' ? margin.basisPoints : 0,
    });
    for (const listener of settingsListeners) await listener(userId);
    return settings(userId);
  }

  /** Each channel's fees for an item in `currency`: the seller's own rate where there are enough sales, else published. */
  async function feesByChannel(userId: string, currency: string): Promise<Record<Channel, ChannelFeesWire>> {
    const since = new Date(clock.now() - OWN_FEES_DAYS * 86_400_000);
    const [recent, region] = await Promise.all([recentFeesOf(db, userId, currency, since), sellerRegionIn(db, userId)]);
    const own = new Map(recent.map((row) => [row.channel, row]));
    const result = {} as Record<Channel, ChannelFeesWire>;
    for (const channel of channels) {
      const sales = own.get(channel);
      const published = publishedFeesFor(publishedFees[channel], currency, region.country);
      if (sales && sales.sales >= OWN_FEES_MIN_SALES && sales.totalMinor > 0) {
        const ratePpm = Math.ceil((sales.feesMinor * PPM) / sales.totalMinor);
        const schedule = rateSchedule(ratePpm);
        result[channel] = {
          basis: 'own-sales',
          schedule: { ...schedule, tiers: [...schedule.tiers] },
          sales: sales.sales,
          days: OWN_FEES_DAYS,
        };
      } else if (published) {
        const { schedule, source, checkedOn, note } = published;
        result[channel] = { basis: 'published', source, checkedOn, note, schedule: { ...schedule, tiers: [...schedule.tiers] } };
      } else {
        result[channel] = { basis: 'unknown' };
      }
    }
    return result;
  }

  /** What one item's floors are worked from, per channel; null when the item is not the user's. */
  async function basisOf(userId: string, itemId: string) {
    const item = await itemPricingOf(db, userId, itemId);
    if (!item) return null;
    const seller = await settings(userId);
    const inputs: FloorInputs = {
      currency: item.currency,
      costMinor: item.costMinor,
      shippingMinor: seller.shippingCost.amountMinor,
      margin: marginOf(seller),
    };
    return { item, seller, inputs, fees: await feesByChannel(userId, item.currency) };
  }

  async function ofItem(userId: string, itemId: string): Promise<ItemProfitFloorResponse> {
    const basis = await basisOf(userId, itemId);
    if (!basis) throw notFound('Item not found');
    const { item, seller, inputs, fees } = basis;
    const [rules, listings, region, priceList] = await Promise.all([
      priceRules.all(userId),
      listingPricesOf(db, userId, itemId),
      sellerRegionIn(db, userId),
      priceListOf(db, userId),
    ]);
    const ownPrices = new Map(listings.map((listing) => [listing.channel, listing]));
    const currencyFits = seller.currency === item.currency;
    // The marketplaces that serve the seller's country, and any the item is already on there.
    const shown = channels.filter((channel) => servesSellerIn(channel, region.country) || ownPrices.has(channel));
    const floors: ChannelFloor[] = shown.map((channel) => {
      const channelFees = fees[channel];
      const label = channelNames[channel];
      const price = channelPriceOf(ownPrices.get(channel), item, rules[channel], priceList)?.price ?? null;
      const none = { channel, label, fees: channelFees, floor: null, breakEven: null, price, profit: null, warning: null };
      if (inputs.costMinor === null) return { ...none, status: 'no-cost' as const, warning: 'No cost entered' };
      if (channelFees.basis === 'unknown') return { ...none, status: 'no-fees' as const };
      if (!currencyFits) return { ...none, status: 'currency-mismatch' as const };
      const schedule = channelFees.schedule;
      const result = profitFloor(inputs, schedule);
      if (result.kind !== 'floor') return { ...none, status: result.kind === 'no-cost' ? ('no-cost' as const) : result.kind };
      const floor = money(result.floorMinor, item.currency);
      const profitMinor = price ? profitAt(inputs, schedule, price.amountMinor) : null;
      const check = price ? checkPrice(inputs, schedule, label, price.amountMinor, result.floorMinor) : null;
      return {
        ...none,
        status: 'floor' as const,
        floor,
        breakEven: money(result.breakEvenMinor, item.currency),
        profit: profitMinor === null ? null : money(profitMinor, item.currency),
        warning: check?.under ? check.message : null,
      };
    });
    return itemProfitFloorResponse.parse({
      itemId,
      currency: item.currency,
      cost: item.costMinor === null ? null : floorAsMoney.parse(money(item.costMinor, item.currency)),
      settings: seller,
      channels: floors,
      feesRule,
    });
  }

  /** One channel's floor basis for an item: what offers, drops and relists will check every price against. */
  async function basisOn(userId: string, itemId: string, channel: Channel): Promise<ChannelFloorBasis> {
    const basis = await basisOf(userId, itemId);
    if (!basis) throw notFound('Item not found');
    return channelBasis(basis.seller, basis.item, basis.fees, channel);
  }

  /**
   * `basisOn` for many listings at once (the weekly plan): the seller's settings read once and the fees once a
   * currency, the item's cost and currency given by the caller (read with the listings, filtered by the user).
   */
  async function floorBases(userId: string) {
    const seller = await settings(userId);
    const feesOf = new Map<string, Promise<Record<Channel, ChannelFeesWire>>>();
    return {
      async on(item: { costMinor: number | null; currency: string }, channel: Channel): Promise<ChannelFloorBasis> {
        if (!feesOf.has(item.currency)) feesOf.set(item.currency, feesByChannel(userId, item.currency));
        return channelBasis(seller, item, await feesOf.get(item.currency)!, channel);
      },
    };
  }

  /**
   * The floor of many items at once (the aging stock view): each item's least floor over the channels given, with the
   * seller's settings read once and the fees once a currency. An item without a cost is `no-cost`, never free.
   */
  async function leastFloorsOf(userId: string, stock: readonly StockItem[]): Promise<Map<string, StockFloor>> {
    const seller = await settings(userId);
    const feesOf = new Map<string, Record<Channel, ChannelFeesWire>>();
    const result = new Map<string, StockFloor>();
    for (const item of stock) {
      if (item.costMinor === null) {
        result.set(item.itemId, { status: 'no-cost', floorMinor: null, channel: null });
        continue;
      }
      if (seller.currency !== item.currency) {
        result.set(item.itemId, { status: 'currency-mismatch', floorMinor: null, channel: null });
        continue;
      }
      if (!feesOf.has(item.currency)) feesOf.set(item.currency, await feesByChannel(userId, item.currency));
      const fees = feesOf.get(item.currency)!;
      const inputs: FloorInputs = {
        currency: item.currency,
        costMinor: item.costMinor,
        shippingMinor: seller.shippingCost.amountMinor,
        margin: marginOf(seller),
      };
      let best: StockFloor = { status: 'no-fees', floorMinor: null, channel: null };
      for (const channel of item.channels) {
        const channelFees = fees[channel];
        if (channelFees.basis === 'unknown') continue;
        const floor = profitFloor(inputs, channelFees.schedule);
        if (floor.kind === 'floor') {
          if (best.floorMinor === null || floor.floorMinor < best.floorMinor)
            best = { status: 'floor', floorMinor: floor.floorMinor, channel };
        } else if (best.status === 'no-fees') best = { status: floor.kind, floorMinor: null, channel: null };
      }
      result.set(item.itemId, best);
    }
    return result;
  }

  /**
   * What the profit of the seller's sales counts where a figure is not in (decision 127): per channel and currency, the
   * fees the floor uses (their own recent rate, else the published schedule, and which) and their usual shipping cost
   * (none in a currency other than their settings'). The fees are read once a currency.
   */
  async function saleEstimates(userId: string, currencies: Iterable<string>): Promise<SaleEstimatesOf> {
    const seller = await settings(userId);
    const fees = new Map<string, Record<Channel, ChannelFeesWire>>();
    for (const currency of new Set(currencies)) fees.set(currency, await feesByChannel(userId, currency));
    // The seller's usual shipping is theirs, the same on every channel.
    const usualShippingMinor = (currency: string) => (seller.currency === currency ? seller.shippingCost.amountMinor : null);
    const estimatesOf = (channel: Channel, currency: string): SaleEstimates => {
      const channelFees = fees.get(currency)?.[channel];
      const known = channelFees && channelFees.basis !== 'unknown' ? channelFees : null;
      return { fees: known?.schedule ?? null, feesBasis: known?.basis ?? null, usualShippingMinor: usualShippingMinor(currency) };
    };
    return Object.assign(estimatesOf, { usualShippingMinor });
  }

  /** A price of the item on a channel against its floor; 404 for another seller's item. */
  async function verdict(userId: string, itemId: string, channel: Channel, price: Money): Promise<FloorVerdict> {
    let basis: ChannelFloorBasis;
    try {
      basis = await basisOn(userId, itemId, channel);
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT')
        return { kind: 'unknown', reason: 'currency-mismatch', message: error.message };
      throw error;
    }
    if (basis.inputs.currency !== price.currency)
      return {
        kind: 'unknown',
        reason: 'currency-mismatch',
        message: `The price is in ${price.currency}; the item is in ${basis.inputs.currency}`,
      };
    return verdictOf(basis, channelNames[channel], price);
  }

  /**
   * A price the seller set for the item on a channel (decision 121): under the floor it is refused with what they would
   * lose (UNDER_FLOOR) until they confirm it; confirmed, the price to keep as confirmed. Null: nothing to confirm.
   */
  async function confirmSellerPrice(userId: string, itemId: string, channel: Channel, price: Money, confirmed: boolean) {
    const found = await verdict(userId, itemId, channel, price);
    if (found.kind !== 'under') return null;
    if (!confirmed) throw new AppError('UNDER_FLOOR', found.message);
    return price.amountMinor;
  }

  return {
    /** Calls `listener` after each save of a seller's settings, which moves every item's floor. */
    whenSettingsSaved: (listener: (userId: string) => Promise<void>) => void settingsListeners.push(listener),
    settings,
    saveSettings,
    ofItem,
    basisOn,
    verdict,
    confirmSellerPrice,
    floorBases,
    leastFloorsOf,
    saleEstimates,
  };
}

export type ProfitFloorService = ReturnType<typeof createProfitFloorService>;
