/**
 * The time zone a seller's months are counted in: an IANA name ("Europe/Paris", old aliases such as
 * "US/Pacific-New" too) or a numeric offset from UTC with its ordinary meaning ("+05:30" and "+0530" are five and a
 * half hours ahead of UTC; PostgreSQL would read a bare "+05:30" the POSIX way, behind). Anything else is no zone.
 */
export type TimeZone = { kind: 'name'; name: string } | { kind: 'offset'; minutes: number; text: string };

export const timeZoneMessage = 'Unknown time zone: give a name like Europe/Paris or an offset like +05:30.';

const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;
/** What IANA names are made of ("America/Port-au-Prince", "Etc/GMT+5"); leaves out offsets, spaces and quotes. */
const NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The zone `text` names, its IANA name in the runtime's canonical spelling; null when it is none. */
export function parseTimeZone(text: string): TimeZone | null {
  const offset = OFFSET.exec(text);
  if (offset) {
    const [, sign, hours, minutes] = offset as unknown as [string, string, string, string];
    if (Number(hours) > 14 || Number(minutes) > 59) return null;
    const total = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
    return { kind: 'offset', minutes: total, text: `${sign}${hours}:${minutes}` };
  }
  if (text.length > 64 || !NAME.test(text)) return null;
  try {
    // The canonical name ("US/Pacific-New" is America/Los_Angeles): the one databases know too.
    const name = new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
    return NAME.test(name) ? { kind: 'name', name } : null;
  } catch {
    return null;
  }
}

/** The zone as the API answers it: its canonical name, or the offset as ±HH:MM. */
export const timeZoneText = (zone: TimeZone) => (zone.kind === 'name' ? zone.name : zone.text);
