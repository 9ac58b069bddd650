import { text } from './text';
import { isUuid } from './ids';

/** A position in a newest-first list: the row's creation time (UTC text with microseconds) and its id. */
export interface ListCursor {
  createdAt: string;
  id: string;
}

export const invalidCursorMessage = 'Invalid cursor';

const timePattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** Opaque to the browser: base64url of `[createdAt, id]` (both ASCII). */
export function encodeListCursor(cursor: ListCursor): string {
  return btoa(JSON.stringify([cursor.createdAt, cursor.id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor's position, or null for anything else: garbage, the wrong shape, or a time the database cannot hold. */
export function decodeListCursor(cursor: string): ListCursor | null {
  try {
    const parsed: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [createdAt, id] = parsed as unknown[];
    if (typeof createdAt !== 'string' || !timePattern.test(createdAt) || !isRealTime(createdAt)) return null;
    if (typeof id !== 'string' || !isUuid(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/**
 * A real instant PostgreSQL can hold: `2024-02-30` or `25:00` would reach the database and fail there (22008), and
 * so would the year 0 (JavaScript has one, PostgreSQL goes from 1 BC to AD 1).
 */
function isRealTime(time: string): boolean {
  if (time.startsWith('0000')) return false;
  const millis = `${time.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
}

/** The `cursor` query parameter of every paginated route: refused with 400 unless it decodes to a real position. */
export const listCursor = () =>
  text()
    .max(500)
    .refine((cursor) => decodeListCursor(cursor) !== null, invalidCursorMessage);
