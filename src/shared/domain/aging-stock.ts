/**
 * Aging stock (decision 091): live stock by days listed, in four bands. Days listed are whole days since the
 * item's first live listing went live (a listing live for 30 days and 23 hours has 30 days).
 */
export const agingBands = ['0-30', '31-60', '61-90', 'over-90'] as const;
export type AgingBand = (typeof agingBands)[number];

export const agingBandLabels: Readonly<Record<AgingBand, string>> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  'over-90': 'Over 90 days',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `listedAt` to `now` (0 on the day it went live; never negative). */
export const daysListed = (listedAt: number, now: number): number => Math.max(0, Math.floor((now - listedAt) / DAY_MS));

export function agingBandOf(days: number): AgingBand {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return 'over-90';
}
