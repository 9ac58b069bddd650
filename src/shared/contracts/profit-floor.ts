import { z } from 'zod';
import { channels } from '../domain/channel-listing';
import { isCurrency, minorDigits } from '../domain/money';
import { BASIS_POINTS } from '../domain/profit-floor';
import { itemIdParams } from './items';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/**
 * The profit floor (decision 086): the seller's settings (usual shipping cost, minimum margin) and an item's
 * floor and profit per channel. Money on the wire is `{ amountMinor, currency }`; the floor has its own routes so the
 * item contract is left as it is.
 */
export const profitFloorRoutes = {
  settings: '/api/profit-floor/settings',
  item: '/api/items/:id/profit-floor',
} as const;

export const profitFloorPaths = pathsOf(profitFloorRoutes);

export const profitFloorMessages = {
  amount: 'An amount is a whole number of minor units, 0 or more',
  percent: 'A minimum margin in percent is from 0 to 90, with at most two decimals',
  currency: 'A currency is a three-letter ISO 4217 code',
  sameCurrency: 'The shipping cost and the margin are in the settings’ currency',
} as const;

/** The largest amount a setting takes: 100,000 in major units. */
const maxMajorUnits = 100_000;

export const floorMoney = z
  .object({
    amountMinor: z.number().int(profitFloorMessages.amount).min(0, profitFloorMessages.amount),
    currency: z.string().refine(isCurrency, profitFloorMessages.currency),
  })
  .superRefine((value, ctx) => {
    if (isCurrency(value.currency) && value.amountMinor > maxMajorUnits * 10 ** minorDigits(value.currency)) {
      ctx.addIssue({ code: 'custom', message: 'An amount is at most 100,000', path: ['amountMinor'] });
    }
  });

export const minimumMarginWire = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('amount'), amount: floorMoney }),
  z.object({
    kind: z.literal('percent'),
    /** Hundredths of a percent: 12.5% is 1250. */
    basisPoints: z
      .number()
      .int(profitFloorMessages.percent)
      .min(0, profitFloorMessages.percent)
      .max(90 * (BASIS_POINTS / 100), profitFloorMessages.percent),
  }),
]);

export const profitFloorSettings = z
  .object({
    currency: z.string().refine(isCurrency, profitFloorMessages.currency),
    /** What the seller usually pays to send an item. */
    shippingCost: floorMoney,
    minimumMargin: minimumMarginWire,
  })
  .refine(
    (s) => s.shippingCost.currency === s.currency && (s.minimumMargin.kind !== 'amount' || s.minimumMargin.amount.currency === s.currency),
    profitFloorMessages.sameCurrency,
  );
export type ProfitFloorSettings = z.infer<typeof profitFloorSettings>;

export const feeTierWire = z.object({ fromMinor: z.number().int(), ratePpm: z.number().int(), fixedMinor: z.number().int() });
export const feeScheduleWire = z.object({ currency: z.string().nullable(), tiers: z.array(feeTierWire).min(1) });

/** Where a channel's fees come from: the seller's own recent sales there, or the channel's published schedule. */
export const channelFeesWire = z.discriminatedUnion('basis', [
  z.object({
    basis: z.literal('own-sales'),
    schedule: feeScheduleWire,
    /** Sales with their fees known in the window, and the window in days. */
    sales: z.number().int(),
    days: z.number().int(),
  }),
  z.object({
    basis: z.literal('published'),
    schedule: feeScheduleWire,
    source: z.string(),
    checkedOn: z.string(),
    note: z.string(),
  }),
  z.object({ basis: z.literal('unknown') }),
]);
export type ChannelFeesWire = z.infer<typeof channelFeesWire>;

export const floorStatuses = ['floor', 'no-cost', 'no-fees', 'currency-mismatch', 'unreachable'] as const;

export const channelFloor = z.object({
  channel: z.enum(channels),
  label: z.string(),
  fees: channelFeesWire,
  status: z.enum(floorStatuses),
  /** The least price that leaves the minimum margin; null unless status is floor. */
  floor: floorMoney.nullable(),
  breakEven: floorMoney.nullable(),
  /** The price the channel gets now (its own, else the item's through the channel's rule), its profit and check. */
  price: floorMoney.nullable(),
  profit: z.object({ amountMinor: z.number().int(), currency: z.string() }).nullable(),
  /** "$12.00 is under your floor of $14.37 on eBay: you would lose $1.20", or null when the price clears it. */
  warning: z.string().nullable(),
});
export type ChannelFloor = z.infer<typeof channelFloor>;

export const itemProfitFloorResponse = z.object({
  itemId: z.uuid(),
  currency: z.string(),
  /** Null: no cost entered; no floor anywhere ("No cost entered"), never treated as free. */
  cost: floorMoney.nullable(),
  settings: profitFloorSettings,
  channels: z.array(channelFloor),
  /** The rule the fees follow, in words ("5 or more sales with fees in the last 90 days: their average rate"). */
  feesRule: z.string(),
});
export type ItemProfitFloorResponse = z.infer<typeof itemProfitFloorResponse>;

/** The profit floor's routes (decision 086). */
export const profitFloorApi = {
  settings: route.get(profitFloorRoutes.settings, {
    summary: 'The seller’s usual shipping cost and minimum margin',
    response: { 200: profitFloorSettings },
  }),
  saveSettings: route.put(profitFloorRoutes.settings, {
    summary: 'Sets the seller’s usual shipping cost and minimum margin (an amount or a percent of the price)',
    body: profitFloorSettings,
    rechecksWaiting: true,
    response: { 200: profitFloorSettings },
  }),
  item: route.get(profitFloorRoutes.item, {
    summary: 'The item’s profit floor and profit at its price, per channel, with where each channel’s fees come from',
    params: itemIdParams,
    response: { 200: itemProfitFloorResponse },
  }),
};
