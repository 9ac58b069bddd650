import { toDecimalString, type Money } from '@shared/domain/money';
import { whatSellsCsvColumns, type WhatSellsResponse } from '@shared/contracts/what-sells';
import { csvHeader, csvLines, text, type Cell } from '../http/csv-cells';

const decimal = (value: Money | null) => (value === null ? null : toDecimalString(value));
const percent = (value: number | null) => (value === null ? null : (value * 100).toFixed(1));

/** The "What sells" table as CSV: one row a group, in the screen's order, with a header row. CRLF lines. */
export function whatSellsCsv(answer: WhatSellsResponse): string {
  const rows = answer.groups.map((group): Cell[] => [
    text(answer.by),
    text(group.label),
    text(group.currency),
    group.items,
    group.sold,
    percent(group.sellThrough.within30),
    percent(group.sellThrough.within60),
    percent(group.sellThrough.within90),
    group.medianDaysToSale === null ? null : group.medianDaysToSale.toFixed(1),
    toDecimalString(group.profit),
    decimal(group.profitPerItem),
    decimal(group.profitPerHour),
    decimal(group.profitPerDayTiedUp),
    group.minutes.toFixed(1),
    group.profitUnknown,
  ]);
  return csvLines([csvHeader(whatSellsCsvColumns), ...rows]);
}
