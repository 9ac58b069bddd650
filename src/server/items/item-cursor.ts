import { decodeListCursor, encodeListCursor, invalidCursorMessage } from '@shared/contracts/cursor';
import { AppError } from '@shared/errors';
import type { ItemCursor } from './repo';

export const encodeItemCursor = (cursor: ItemCursor): string => encodeListCursor(cursor);

/** The route's schema (listCursor) already refused a bad cursor; this stays for any other caller. */
export function decodeItemCursor(text: string): ItemCursor {
  const cursor = decodeListCursor(text);
  if (!cursor) throw new AppError('VALIDATION_FAILED', invalidCursorMessage);
  return cursor;
}
