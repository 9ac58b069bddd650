import { AppError } from '@shared/errors';
import type { ItemCursor } from './repo';

/** Opaque to the browser: base64url of [createdAt, id]. */
export function encodeItemCursor(cursor: ItemCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeItemCursor(text: string): ItemCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const validTime = typeof createdAt === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(createdAt) && isRealTime(createdAt);
    const validId = typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
    if (validTime && validId) return { createdAt, id };
  } catch {
    // fall through: any malformed cursor gets the same answer
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid cursor');
}

/** A real instant: `2024-02-30` or `25:00` would reach the database and fail there (22008). */
function isRealTime(text: string): boolean {
  const millis = `${text.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
}
