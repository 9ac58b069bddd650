import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { itemsPaths, type Item, type ProductUploadQueryInput, type UploadImagesResponse } from '@shared/contracts/items';

export interface UploadFile {
  name: string;
  bytes: Buffer;
  /** What the browser claims; the server never trusts it. */
  type?: string;
}

/** A multipart body as a browser builds it: one `photos` part per file, in order. */
export function photoForm(files: UploadFile[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('photos', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name);
  return form;
}

export async function createItem(app: FastifyInstance, cookie: string, body: Record<string, unknown> = {}): Promise<Item> {
  const response = await app.inject({ method: 'POST', url: '/api/items', payload: body, headers: { cookie } });
  if (response.statusCode !== 201) throw new Error(`create item failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function uploadPhotos(app: FastifyInstance, cookie: string, itemId: string, files: UploadFile[]) {
  return app.inject({ method: 'POST', url: `/api/items/${itemId}/images`, payload: photoForm(files), headers: { cookie } });
}

/** An item with photos already stored, for tests that are about something else. */
export async function createItemWithPhotos(app: FastifyInstance, cookie: string, files: UploadFile[], body: Record<string, unknown> = {}) {
  const item = await createItem(app, cookie, body);
  const response = await uploadPhotos(app, cookie, item.id, files);
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as UploadImagesResponse;
}

/** Every file below the local storage folder (paths relative to it). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'storage');
  try {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** POST /api/items/upload: a product's item and photos in one request (see productUploadQuery). */
export function uploadProduct(app: FastifyInstance, cookie: string, query: ProductUploadQueryInput, files: UploadFile[]) {
  return app.inject({ method: 'POST', url: itemsPaths.productUpload(query), payload: photoForm(files), headers: { cookie } });
}
