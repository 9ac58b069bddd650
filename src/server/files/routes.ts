import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTokenParams, itemsRoutes } from '@shared/contracts/items';
import { AppError, notFound } from '@shared/errors';
import { createFileUrlSigner } from '../adapters/storage/file-url-signer';
import { contentTypeOfKey, type Storage } from '../adapters/storage/storage';
import { routeDoc } from '../http/route-doc';

const filesDoc = routeDoc(['files']);

export interface FileRouteDeps {
  storage: Storage;
  appSecret: string;
}

/**
 * Serves local-storage files behind signed, expiring URLs. Public on purpose: an <img> sends no session
 * header we could rely on, and the token itself is the credential.
 */
export async function fileRoutesPlugin(app: FastifyInstance, deps: FileRouteDeps) {
  const signer = createFileUrlSigner(deps.appSecret);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    itemsRoutes.file,
    filesDoc('Image bytes behind a signed URL (local storage)', { params: fileTokenParams }),
    async (request, reply) => {
      const check = signer.verify(request.params.token);
      if (!check.ok) {
        throw check.reason === 'expired'
          ? new AppError('GONE', 'This image link has expired. Reload the page.')
          : notFound('File not found');
      }
      const bytes = await deps.storage.get(check.key);
      const secondsLeft = Math.max(0, check.expiresAt - Math.floor(Date.now() / 1000));
      return reply
        .header('content-type', contentTypeOfKey(check.key))
        .header('cache-control', `private, max-age=${secondsLeft}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
