import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkDeleteBody,
  createItemBody,
  cropImageBody,
  deleteItemsResponse,
  item,
  itemIdParams,
  itemImageParams,
  itemsRoutes,
  itemsSummaryResponse,
  listItemsQuery,
  listItemsResponse,
  type ListItemsResponse,
  productUploadQuery,
  reorderImagesBody,
  rotateImageBody,
  skuAvailableQuery,
  skuAvailableResponse,
  skuHintsResponse,
  updateItemBody,
  uploadImagesResponse,
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
import { sellerRoutes } from '../http/seller-routes';

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
  const route = sellerRoutes(app, ['items']);
  const tags = ['items'];
  const doc = routeDoc(tags);

  route.post(
    itemsRoutes.collection,
    'Create a draft item with its SKU and batch number',
    { body: createItemBody, response: { 201: item } },
    async ({ seller, body, reply }) => reply.status(201).send(await items.createDraftItem(seller, body)),
  );

  typed.get(
    itemsRoutes.collection,
    doc('Own items, newest first, paginated', { querystring: listItemsQuery, response: { 200: listItemsResponse } }),
    // The dashboard's hot path: the service answers the page as JSON bytes in the contract's shape (kept between
    // requests while current, decision 030), which Fastify sends as they are for a JSON content type.
    async (request, reply) =>
      reply.type(JSON_TEXT).send((await items.listItemsJson(currentUser(request).id, request.query)) as unknown as ListItemsResponse),
  );

  route.get(
    itemsRoutes.summary,
    'Counts for the capture and dashboard headers',
    { response: { 200: itemsSummaryResponse } },
    ({ seller }) => items.summary(seller),
  );

  route.get(itemsRoutes.skuHints, 'The last SKU used and the next generated one', { response: { 200: skuHintsResponse } }, ({ seller }) =>
    items.skuHints(seller),
  );

  route.get(
    itemsRoutes.skuAvailable,
    'Whether a typed SKU is free (warns while typing)',
    { querystring: skuAvailableQuery, response: { 200: skuAvailableResponse } },
    ({ seller, query }) => items.skuAvailable(seller, query.sku),
  );

  route.post(
    itemsRoutes.bulkDelete,
    'Delete several items and their photos',
    { body: bulkDeleteBody, response: { 200: deleteItemsResponse } },
    ({ seller, body }) => items.deleteItems(seller, body.ids),
  );

  route.get(itemsRoutes.item, 'One item with its photos', { params: itemIdParams, response: { 200: item } }, ({ seller, params }) =>
    items.getItem(seller, params.id),
  );

  route.patch(
    itemsRoutes.item,
    'Edit SKU, category, condition or brand',
    { params: itemIdParams, body: updateItemBody, response: { 200: item } },
    ({ seller, params, body }) => items.updateItem(seller, params.id, body),
  );

  route.delete(
    itemsRoutes.item,
    'Delete an item and its photos',
    { params: itemIdParams, response: { 200: deleteItemsResponse } },
    async ({ seller, params }) => {
      const outcome = await items.deleteItems(seller, [params.id]);
      // The one product was kept: its eBay listing is still up, and the seller is told why.
      if (outcome.refused[0]) throw new AppError('CONFLICT', outcome.refused[0].message);
      return outcome;
    },
  );

  route.post(
    itemsRoutes.images,
    'Add photos (multipart, in order); bad files are skipped and reported',
    { consumes: ['multipart/form-data'], params: itemIdParams, response: { 200: uploadImagesResponse } },
    async ({ seller, params, request }) => readPhotos(request, await uploads.begin(seller, params.id)),
  );

  route.post(
    itemsRoutes.productUpload,
    'Create a product: its draft item and photos (multipart, in order) together, idempotent by upload key',
    {
      description:
        'The item exists only once its photos are stored. A resend with the same uploadKey answers the same item; ' +
        'a product of several requests sends its later parts with the same key and offset (index of the first photo).',
      consumes: ['multipart/form-data'],
      querystring: productUploadQuery,
      response: { 200: uploadImagesResponse },
    },
    async ({ seller, query, request }) => readPhotos(request, await products.begin(seller, query)),
  );

  route.delete(
    itemsRoutes.image,
    'Delete one photo (never the last one)',
    { params: itemImageParams, response: { 200: item } },
    ({ seller, params }) => photos.deletePhoto(seller, params.id, params.imageId),
  );

  route.put(
    itemsRoutes.imageOrder,
    'Reorder all photos in one transaction',
    { params: itemIdParams, body: reorderImagesBody, response: { 200: item } },
    ({ seller, params, body }) => photos.reorderPhotos(seller, params.id, body.imageIds),
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
