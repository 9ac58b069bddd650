import { uploadLimits } from '@shared/contracts/items';
import { AppError } from '@shared/errors';

/**
 * What to answer when reading a multipart upload broke off. Our own errors and Fastify's (with a status) keep
 * theirs; anything else came from the multipart parser (no boundary, a broken part header, a body cut short):
 * the client sent something we cannot read.
 */
export function uploadReadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if ((err as { code?: string }).code === 'FST_FILES_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', `At most ${uploadLimits.maxFilesPerRequest} photos can be uploaded at once`);
  }
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return err;
  return new AppError('BAD_REQUEST', 'The upload could not be read: the multipart body is malformed. Please try again.');
}
