import { ApiError } from '@/lib/api-client';

/** Why a product could not be created or got none of its photos; `code` is the server's or our own. */
export class ProductUploadError extends Error {
  readonly code: string;

  constructor(message: string, code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProductUploadError';
    this.code = code;
  }
}

export const codeOf = (err: unknown): string => (err instanceof ApiError || err instanceof ProductUploadError ? err.code : 'UNKNOWN');
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Queue failure mapping: what the upload queue shows for a failed product. */
export function queueFailureMessage(err: unknown): string {
  const code = codeOf(err);
  const message = messageOf(err);
  if (code === 'SKU_CONFLICT' || code === 'CONFLICT' || /duplicate|conflict/i.test(message)) return 'SKU conflict - please try again';
  if (code === 'NETWORK' || /network|fetch/i.test(message)) return 'Network error - check your connection';
  if (code === 'STORAGE' || code === 'INSUFFICIENT_STORAGE' || /storage|could not be stored/i.test(message))
    return 'Storage error - image upload failed';
  return message.length > 100 ? `${message.slice(0, 100)}...` : message;
}

/**
 * Whether the queue offers Retry for a failed product: not when the server refused the files as images it cannot
 * read (not an image, or a valid file in a format it does not decode): sending the same files again cannot help.
 */
export function queueFailureRetryable(err: unknown): boolean {
  return codeOf(err) !== 'UNSUPPORTED_MEDIA_TYPE';
}
