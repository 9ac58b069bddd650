import type { PlanFlag, SellingPlanRule } from '@shared/contracts/selling-plan';
import { channelNames, isApiChannel, type Channel } from '@shared/domain/channel-listing';
import { formatMoney, money } from '@shared/domain/money';
import { countedDays } from '@shared/domain/counted-days';
import { dropPrice, relistPrice, stepsDue } from '@shared/domain/price-drop';
import { sellingPlanMessages } from '@shared/contracts/selling-plan';
import type { ChannelFloorBasis } from '../profit-floor/service';
import type { ActionRow, LiveListingRow, PlannedValues } from './repo';

const DAY_MS = 86_400_000;

/** The rule that applies to a listing: its item's, else its channel's, else the seller-wide one; none when off. */
export function ruleFor(rules: readonly SellingPlanRule[], itemId: string, channel: Channel): SellingPlanRule | null {
  const byScope = new Map(rules.map((rule) => [rule.scope, rule]));
  const rule = byScope.get(`item:${itemId}`) ?? byScope.get(channel) ?? byScope.get('all') ?? null;
  return rule?.enabled ? rule : null;
}

export interface ListingToPlan {
  listing: LiveListingRow;
  /** The price the channel gets now (its own, else the item's through the channel's rule). */
  priceMinor: number;
  /** When the listing's period began: listed, or last relisted. */
  periodStart: Date;
  rule: SellingPlanRule;
  /** The floor's inputs and schedule on the channel; an error's words when there is none (another currency). */
  basis: ChannelFloorBasis | { error: string };
  /** This period's actions already recorded (decided, applied or under way). */
  recorded: readonly ActionRow[];
  /** The listing's predicted days to sale on its marketplace (decision 152); null or absent: none. */
  predictedDays?: number | null;
}

/**
 * The rule's drop steps as they fall for this listing (decision 152): a rule timed to the prediction moves every step
 * by the same days, so the first falls on the predicted day and the others keep their spacing; without a prediction
 * (or a fixed rule) the steps as written. `timedTo`: the predicted days used, or null.
 */
export function dropStepsOf(rule: SellingPlanRule, predictedDays: number | null | undefined) {
  const first = rule.dropSteps[0];
  if (rule.dropTiming !== 'predicted' || !first || predictedDays === null || predictedDays === undefined)
    return { steps: rule.dropSteps, timedTo: null };
  // A sale predicted within a day counts one day (counted-days.ts): the first drop never comes the day it goes live.
  const timedTo = countedDays(predictedDays);
  const shift = timedTo - first.afterDays;
  return { steps: rule.dropSteps.map((step) => ({ ...step, afterDays: Math.max(0, step.afterDays + shift) })), timedTo };
}

/**
 * The drops and relists one listing's rule plans within `days` of `now` (decision 090): each drop a percent
 * off the price the previous one left, stopped at the floor; none without a cost (flagged) or at the floor; a relist
 * (API channels) at the price it has, only where that price clears the floor.
 */
export function planListing(input: ListingToPlan, now: Date, days: number): { planned: PlannedValues[]; flags: PlanFlag[] } {
  const { listing, rule, basis, periodStart, recorded } = input;
  const channel = listing.channel;
  const planned: PlannedValues[] = [];
  const flags: PlanFlag[] = [];
  const flag = (reason: PlanFlag['reason'], message: string) =>
    flags.push({ itemId: listing.itemId, sku: listing.sku, channel, reason, message });
  const show = (minor: number) => formatMoney(money(minor, listing.currency));
  const base = {
    itemId: listing.itemId,
    channel,
    periodStart,
    currency: listing.currency,
    automatic: rule.automatic,
    ruleScope: rule.scope,
  };
  const decided = new Map(recorded.filter((row) => row.state !== 'planned').map((row) => [`${row.kind}:${row.step}`, row]));

  if ('error' in basis) {
    if (rule.dropSteps.length || rule.relistAfterDays) flag('currency-mismatch', basis.error);
    return { planned, flags };
  }
  let price = input.priceMinor;
  const taken = new Set([...decided.values()].filter((row) => row.kind === 'drop').map((row) => row.step));
  const { steps } = dropStepsOf(rule, input.predictedDays);
  if (rule.dropTiming === 'predicted' && rule.dropSteps.length && (input.predictedDays === null || input.predictedDays === undefined))
    flag('no-prediction', sellingPlanMessages.noPrediction(channelNames[channel]));
  for (const step of stepsDue(steps, periodStart, now, days, taken)) {
    if (!basis.schedule) {
      flag('no-fees', sellingPlanMessages.noFees);
      break;
    }
    const drop = dropPrice(price, step.basisPoints, basis.inputs, basis.schedule);
    if (drop.kind === 'no-cost') {
      flag('no-cost', sellingPlanMessages.noCost);
      break;
    }
    if (drop.kind === 'currency-mismatch') {
      flag('currency-mismatch', sellingPlanMessages.currencyMismatch);
      break;
    }
    if (drop.kind === 'at-floor') {
      flag('at-floor', sellingPlanMessages.atFloor(drop.floorMinor === null ? '—' : show(drop.floorMinor)));
      break;
    }
    planned.push({
      ...base,
      kind: 'drop',
      step: step.index,
      dueAt: new Date(Math.max(step.dueAt.getTime(), periodStart.getTime())),
      fromPriceMinor: price,
      priceMinor: drop.priceMinor,
      floorMinor: drop.floorMinor,
      profitMinor: drop.profitMinor,
      stoppedAtFloor: drop.stoppedAtFloor,
    });
    price = drop.priceMinor;
  }
  const relistAt = rule.relistAfterDays === null ? null : new Date(periodStart.getTime() + rule.relistAfterDays * DAY_MS);
  if (isApiChannel(channel) && relistAt && relistAt.getTime() <= now.getTime() + days * DAY_MS && !decided.has('relist:0')) {
    const relist = relistPrice(price, basis.inputs, basis.schedule);
    if (relist.kind === 'relist') {
      planned.push({
        ...base,
        kind: 'relist',
        step: 0,
        dueAt: relistAt,
        fromPriceMinor: price,
        priceMinor: relist.priceMinor,
        floorMinor: relist.floorMinor,
        profitMinor: relist.profitMinor,
        stoppedAtFloor: false,
      });
    } else if (relist.kind === 'under-floor') {
      flag('under-floor', sellingPlanMessages.underFloor(relist.floorMinor === null ? '—' : show(relist.floorMinor)));
    } else {
      flag('currency-mismatch', sellingPlanMessages.currencyMismatch);
    }
  }
  return { planned, flags };
}

/** The channel's name as sellers know it. */
export const labelOf = (channel: Channel) => channelNames[channel];
