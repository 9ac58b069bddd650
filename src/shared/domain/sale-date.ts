/**
 * The day of a sale the seller records by hand: a real calendar day (YYYY-MM-DD, the seller's calendar,
 * kept as noon UTC of that day) or an ISO time with its zone, from 2000 on and at most a day ahead of the clock.
 * Nothing is rolled over or guessed: 2024-02-30 is no date, and "2024-01-01 junk" is refused rather than read.
 */
export const saleDateMessages = {
  notADate: 'The sale date is not a real date: give a day like 2026-11-25 (or a time like 2026-11-25T14:30:00Z).',
  tooOld: 'The sale date is before 2000: check the year.',
  future: 'The sale date is in the future.',
} as const;

const EARLIEST_YEAR = 2000;
/** A seller a day ahead of UTC may record today's sale. */
const AHEAD_MS = 86_400_000;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

export type SaleDate = { ok: true; soldAt: Date } | { ok: false; message: string };
const refused = (message: string): SaleDate => ({ ok: false, message });

/** The instant `text` names as the seller wrote it (its year as written), or why it is no date; the clock aside. */
export function readSaleDate(text: string): SaleDate {
  const day = DAY.exec(text);
  const time = day ? null : TIME.exec(text);
  const parts = day ?? time;
  if (!parts) return refused(saleDateMessages.notADate);
  const [year, month, date] = parts.slice(1, 4).map(Number) as [number, number, number];
  const [hours, minutes, seconds] = time ? [Number(time[4]), Number(time[5]), Number(time[6] ?? 0)] : [12, 0, 0];
  const millis = time?.[7] ? Number(time[7].padEnd(3, '0')) : 0;
  const offset = time?.[8] ? (time[8] === '-' ? -1 : 1) * (Number(time[9]) * 60 + Number(time[10])) : 0;
  if (hours > 23 || minutes > 59 || seconds > 59 || Math.abs(offset) > 14 * 60 || Number(time?.[10] ?? 0) > 59) {
    return refused(saleDateMessages.notADate);
  }
  // Date.UTC rolls 30 February over to 1 March: a day that does not come back the same is no day.
  const calendar = new Date(Date.UTC(2000, month - 1, date));
  calendar.setUTCFullYear(year);
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== date) {
    return refused(saleDateMessages.notADate);
  }
  if (year < EARLIEST_YEAR) return refused(saleDateMessages.tooOld);
  return { ok: true, soldAt: new Date(Date.UTC(year, month - 1, date, hours, minutes, seconds, millis) - offset * 60_000) };
}

/** The sale's instant, or why it is refused; `now` is the clock's milliseconds. */
export function parseSaleDate(text: string, now: number): SaleDate {
  const read = readSaleDate(text);
  if (!read.ok) return read;
  // A day counts from its start (it is kept at noon): tomorrow in UTC is already today for a seller east of it.
  const from = DAY.test(text) ? read.soldAt.getTime() - 12 * 3_600_000 : read.soldAt.getTime();
  return from > now + AHEAD_MS ? refused(saleDateMessages.future) : read;
}
