import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cropImageBody,
  item,
  itemImageParams,
  itemsApi,
  itemsRoutes,
  listItemsQuery,
  listItemsResponse,
  type ListItemsResponse,
  rotateImageBody,
  uploadLimits,
} from '@shared/contracts/items';
import { AppError } from '@shared/errors';
import { currentUser } from '../auth/session';
import type { PhotoManagement } from './photo-management';
import type { PhotoUploads } from './photo-upload';
import type { ProductUploads, ProductUploadSink } from './product-upload';
import type { ItemService } from './service';
import { uploadReadError } from './upload-read-error';
import { routeDoc } from '../http/route-doc';
import { serveSellerTable } from '../http/seller-routes';

const JSON_TEXT = 'application/json; charset=utf-8';

/** An unauthenticated user cannot crop ('User not authenticated'). The app's error handler does the rest. */
function photoEditErrors(err: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
  if (err instanceof AppError && err.code === 'UNAUTHENTICATED') throw new AppError('UNAUTHENTICATED', 'User not authenticated');
  throw err;
}

export interface ItemRouteDeps {
  items: ItemService;
  uploads: PhotoUploads;
  products: ProductUploads;
  photos: PhotoManagement;
}

/** Reads the multipart body's files into an upload, in order; a body that breaks off takes back what was stored. */
async function readPhotos(request: FastifyRequest, upload: ProductUploadSink) {
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      await upload.add(part.filename, bytes, part.file.truncated);
    }
  } catch (err) {
    await upload.abort();
    throw uploadReadError(err);
  }
  return upload.finish();
}

/** Items, their SKUs and photos. Registered inside the signed-in scope: every handler has a user. */
export async function itemRoutesPlugin(app: FastifyInstance, deps: ItemRouteDeps) {
  const { items, uploads, products, photos } = deps;

  await app.register(multipart, {
    // Over-size files are cut short, not thrown: we reject that one file and keep reading the others.
    throwFileSizeLimit: false,
    limits: { fileSize: uploadLimits.maxFileBytes, files: uploadLimits.maxFilesPerRequest, fields: 20, fieldSize: 64 * 1024, parts: 60 },
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['items'];
  const doc = routeDoc(tags);

  serveSellerTable(app, tags, itemsApi, {
    create: async ({ seller, body, reply }) => reply.status(201).send(await items.createDraftItem(seller, body)),
    summary: ({ seller }) => items.summary(seller),
    skuHints: ({ seller }) => items.skuHints(seller),
    skuAvailable: ({ seller, query }) => items.skuAvailable(seller, query.sku),
    removeMany: ({ seller, body }) => items.deleteItems(seller, body.ids),
    one: ({ seller, params }) => items.getItem(seller, params.id),
    update: ({ seller, params, body }) => items.updateItem(seller, params.id, body),
    remove: async ({ seller, params }) => {
      const outcome = await items.deleteItems(seller, [params.id]);
      // The one product was kept: its eBay listing is still up, and the seller is told why.
      if (outcome.refused[0]) throw new AppError('CONFLICT', outcome.refused[0].message);
      return outcome;
    },
    addPhotos: async ({ seller, params, request }) => readPhotos(request, await uploads.begin(seller, params.id)),
    uploadProduct: async ({ seller, query, request }) => readPhotos(request, await products.begin(seller, query)),
    removePhoto: ({ seller, params }) => photos.deletePhoto(seller, params.id, params.imageId),
    reorderPhotos: ({ seller, params, body }) => photos.reorderPhotos(seller, params.id, body.imageIds),
  });

  typed.get(
    itemsRoutes.collection,
    doc('Own items, newest first, paginated', { querystring: listItemsQuery, response: { 200: listItemsResponse } }),
    // The dashboard's hot path: the service answers the page as JSON bytes in the contract's shape (kept between
    // requests while current, decision 030), which Fastify sends as they are for a JSON content type.
    async (request, reply) =>
      reply.type(JSON_TEXT).send((await items.listItemsJson(currentUser(request).id, request.query)) as unknown as ListItemsResponse),
  );

  typed.post(
    itemsRoutes.imageCrop,
    {
      errorHandler: photoEditErrors,
      schema: {
        tags,
        summary: 'Crop a photo (region in its stored pixels); stored under a new key with a new thumbnail',
        params: itemImageParams,
        body: cropImageBody,
        response: { 200: item },
      },
    },
    async (request) => {
      const { x, y, width, height } = request.body;
      return photos.editPhoto(currentUser(request).id, request.params.id, request.params.imageId, {
        kind: 'crop',
        left: x,
        top: y,
        width,
        height,
      });
    },
  );

  typed.post(
    itemsRoutes.imageRotate,
    {
      errorHandler: photoEditErrors,
      schema: {
        tags,
        summary: 'Rotate a photo clockwise by quarter turns; stored under a new key with a new thumbnail',
        params: itemImageParams,
        body: rotateImageBody,
        response: { 200: item },
      },
    },
    async (request) =>
      photos.editPhoto(currentUser(request).id, request.params.id, request.params.imageId, {
        kind: 'rotate',
        degrees: request.body.degrees,
      }),
  );
}
