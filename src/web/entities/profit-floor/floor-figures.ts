import type { ChannelFloor, ItemProfitFloorResponse } from '@shared/contracts/profit-floor';
import { formatDay } from '@shared/domain/display-format';
import { formatMoney, money } from '@shared/domain/money';
import { readMoneyInput } from '@shared/domain/money-input';
import { checkPrice, type FloorInputs } from '@shared/domain/profit-floor';

/** What the server worked the floors from, for the price the seller is typing. */
export function floorInputsOf(answer: ItemProfitFloorResponse): FloorInputs {
  const { settings } = answer;
  return {
    currency: answer.currency,
    costMinor: answer.cost?.amountMinor ?? null,
    shippingMinor: settings.shippingCost.amountMinor,
    margin:
      settings.minimumMargin.kind === 'percent'
        ? { kind: 'percent', basisPoints: settings.minimumMargin.basisPoints }
        : { kind: 'amount', amountMinor: settings.minimumMargin.amount.amountMinor },
  };
}

export const showMoney = (value: { amountMinor: number; currency: string }) => formatMoney(money(value.amountMinor, value.currency));

/** The profit and warning at a price typed as text ("12", "12.50", "12,50" in de-DE); null when the text is no amount. */
export function typedPriceCheck(answer: ItemProfitFloorResponse, floor: ChannelFloor, typed: string) {
  const read = readMoneyInput(typed, answer.currency);
  const price = read.ok ? read.value : null;
  if (!price || price.amountMinor <= 0 || floor.status !== 'floor' || floor.fees.basis === 'unknown') return null;
  const check = checkPrice(floorInputsOf(answer), floor.fees.schedule, floor.label, price.amountMinor, floor.floor?.amountMinor ?? null);
  return { price, ...check };
}

/** Where a channel's fees come from, in a few words. */
export function feesBasisText(floor: ChannelFloor): string {
  switch (floor.fees.basis) {
    case 'own-sales':
      return `fees from your ${floor.fees.sales} sales on ${floor.label} in the last ${floor.fees.days} days`;
    case 'published':
      // A day without a time ("2026-11-27"): read in UTC, so no zone moves it to the day before.
      return `${floor.label}'s published fees, an estimate (checked ${formatDay(floor.fees.checkedOn, { year: true, timeZone: 'UTC' })})`;
    default:
      return `${floor.label}'s fees are not known`;
  }
}

/** Why a channel has no floor, in the seller's words; null when it has one. */
export function noFloorText(answer: ItemProfitFloorResponse, floor: ChannelFloor): string | null {
  switch (floor.status) {
    case 'floor':
      return null;
    case 'no-cost':
      return `No cost entered: no profit floor on ${floor.label}. Enter what the item cost you to see it.`;
    case 'no-fees':
      return `No profit floor on ${floor.label}: its fees are not known.`;
    case 'currency-mismatch':
      return `No profit floor on ${floor.label}: your floor settings are in ${answer.settings.currency}, this item is in ${answer.currency}.`;
    case 'unreachable':
      return `No price leaves your minimum margin on ${floor.label} after its fees.`;
  }
}
