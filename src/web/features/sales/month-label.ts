import { formatMonth } from '@shared/domain/display-format';

/** "2026-03" as "March 2026" (long) or "Mar 2026" (short: "Mar 26" read as a day), whatever the browser's time zone. */
export function monthLabel(month: string, style: 'long' | 'short' = 'long'): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  const date = new Date(Date.UTC(year, number - 1, 1));
  return formatMonth(date, { month: style, timeZone: 'UTC' });
}
