import type { ChannelFloor, ItemProfitFloorResponse } from '@shared/contracts/profit-floor';
import type { SellingPlanRule } from '@shared/contracts/selling-plan';
import { isApiChannel } from '@shared/domain/channel-listing';
import { money, type Money } from '@shared/domain/money';
import { dropPrice, relistPrice } from '@shared/domain/price-drop';
import { floorInputsOf } from '@/entities/profit-floor/floor-figures';

/** One step of a listing's schedule as the rule would price it, with the floor and the profit at that price. */
export type PreviewStep =
  | { kind: 'drop'; afterDays: number; price: Money; floor: Money; profit: Money; stoppedAtFloor: boolean }
  | { kind: 'relist'; afterDays: number; price: Money; floor: Money | null; profit: Money | null }
  /** Why the schedule stops here: no cost, at the floor, fees unknown, or a relist under the floor. */
  | { kind: 'stop'; words: string };

/**
 * What a rule does to one listing of the item (decision 108), priced as the plan prices it (`dropPrice`,
 * `relistPrice`: each drop from the price the last one left, stopped at the floor, none without a cost), from the
 * item's floor answer: the price the channel gets now, its fee schedule and the seller's floor settings.
 */
export function previewSchedule(answer: ItemProfitFloorResponse, floor: ChannelFloor, rule: SellingPlanRule): PreviewStep[] {
  const now = floor.price;
  if (!rule.enabled || !now) return [];
  const at = (minor: number) => money(minor, answer.currency);
  const schedule = floor.fees.basis === 'unknown' ? null : floor.fees.schedule;
  const inputs = floorInputsOf(answer);
  const steps: PreviewStep[] = [];
  let price = now.amountMinor;
  for (const step of rule.dropSteps) {
    if (!schedule) {
      steps.push({ kind: 'stop', words: `${floor.label}’s fees are not known: no drop` });
      break;
    }
    const drop = dropPrice(price, step.basisPoints, inputs, schedule);
    if (drop.kind === 'no-cost') {
      steps.push({ kind: 'stop', words: 'No cost entered: no drop below its price' });
      break;
    }
    if (drop.kind !== 'drop') {
      steps.push({ kind: 'stop', words: 'Already at your floor: no further drop' });
      break;
    }
    steps.push({
      kind: 'drop',
      afterDays: step.afterDays,
      price: at(drop.priceMinor),
      floor: at(drop.floorMinor),
      profit: at(drop.profitMinor),
      stoppedAtFloor: drop.stoppedAtFloor,
    });
    price = drop.priceMinor;
  }
  // Relists are the API channels' (an assisted marketplace's listing is the seller's own to renew).
  if (rule.relistAfterDays !== null && isApiChannel(floor.channel)) {
    const relist = relistPrice(price, inputs, schedule);
    if (relist.kind === 'relist')
      steps.push({
        kind: 'relist',
        afterDays: rule.relistAfterDays,
        price: at(relist.priceMinor),
        floor: relist.floorMinor === null ? null : at(relist.floorMinor),
        profit: relist.profitMinor === null ? null : at(relist.profitMinor),
      });
    else steps.push({ kind: 'stop', words: 'Its price would be under your floor: not relisted' });
  }
  return steps;
}
