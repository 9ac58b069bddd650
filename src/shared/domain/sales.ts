import { formatDay } from './display-format';

import { channelNames } from './channel-listing';
import { formatMoney, type Money } from './money';

/** What the seller reads about sales pulled from their channels, one place for server and browser. */
export const salesCheckMessages = {
  /** A connection made before the app could read the marketplace's orders (eBay's, ebay-sales.ts): made again, it can. */
  unreadable: (name: string) =>
    `Reconnect ${name} to see your sales here: this connection was made before Resale Studio could read your ${name} orders.`,
  checking: 'Checking for sales…',
  none: 'No new sales.',
  found: (count: number) => (count === 1 ? '1 new sale.' : `${count} new sales.`),
  failed: 'Could not check for sales just now. Try again in a minute.',
  busy: (name: string, seconds: number | null) =>
    seconds ? `${name} is busy. Try again in ${seconds}s.` : `${name} is busy. Try again in a minute.`,
  unreachable: (name: string) => `Could not reach ${name}. Check your connection and try again.`,
  /** A connection the marketplace no longer accepts (a refused refresh): its sales are not checked until it is made again. */
  reconnect: (name: string) => `${name} no longer accepts this connection: connect it again on the Marketplaces screen to see its sales.`,
} as const;

/** A channel's name as sellers know it, for any channel name a sale or listing carries. */
export const channelLabel = (channel: string): string => (channelNames as Readonly<Record<string, string>>)[channel] ?? channel;

/** The day a sale was made, short (Nov 24; 24 Nov for a UK seller), in the seller's own time zone. */
export const formatSaleDay = (iso: string): string => formatDay(iso);

/** What a sold item's badge says: "Sold $25.00 · Nov 24 · eBay", the price by the one formatter. */
export function soldLabel(sale: { price: Money; soldAt: string; channel: string }): string {
  return `Sold ${formatMoney(sale.price)} · ${formatSaleDay(sale.soldAt)} · ${channelLabel(sale.channel)}`;
}

/** The day's sales checks on a marketplace against its daily call limit (decision 078), as the seller reads them. */
/** How sales arrive from a marketplace, as the Marketplaces screen says it. */
export const salesArrivalWords = {
  push: 'by push, within seconds',
  pull: (everySeconds: number) => `checked every ${everySeconds.toLocaleString('en-US')} s`,
};

export const salesChecksWords = {
  today: (used: number, limit: number | null) =>
    `Sales checks today: ${used.toLocaleString('en-US')}${limit == null ? ' (no daily limit)' : ` of ${limit.toLocaleString('en-US')}`}`,
};
