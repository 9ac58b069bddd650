import { normaliseSku } from '@shared/domain/sku';
import type { ProductInput } from '../queue/upload-queue-store';
import type { PickedFile } from './use-picked-files';

type ProductGroup = Omit<ProductInput, 'files'> & { files: File[] };

/** The size typed under any of a product's photos (the first one typed), or none. */
const sizeOf = (files: readonly PickedFile[]) => files.map((f) => f.size.trim()).find(Boolean) ?? null;

/** One group per SKU in grid order; photos without a SKU together become one product with the next SKU. */
export function productGroups(files: readonly PickedFile[]): ProductGroup[] {
  const groups = new Map<string | null, PickedFile[]>();
  for (const picked of files) {
    const sku = normaliseSku(picked.sku) || null;
    const group = groups.get(sku) ?? [];
    group.push(picked);
    groups.set(sku, group);
  }
  return [...groups].map(([sku, grouped]) => ({ sku, size: sizeOf(grouped), files: grouped.map((f) => f.file) }));
}

/**
 * The products to upload once the seller has said how photos without a SKU are split: one group per typed SKU in
 * grid order, then each of `unnamed` as its own product with the next generated SKU.
 */
export function productGroupsWith(files: readonly PickedFile[], unnamed: readonly (readonly PickedFile[])[]): ProductGroup[] {
  const named = productGroups(files.filter((f) => normaliseSku(f.sku) !== ''));
  return [...named, ...unnamed.filter((g) => g.length > 0).map((g) => ({ sku: null, size: sizeOf(g), files: g.map((f) => f.file) }))];
}

export const withoutSku = (files: readonly PickedFile[]) => files.filter((f) => normaliseSku(f.sku) === '');

export interface PickedCounts {
  images: number;
  withSku: number;
  withoutSku: number;
  products: number;
}

/**
 * The summary counts (spec: images, images with SKU, unique products). A unique product is a SKU typed under the
 * photos (with no SKU typed the counter said "1 unique product"); photos without one are split into products
 * only when the seller answers the no-SKU question at Upload.
 */
export function pickedCounts(files: readonly PickedFile[]): PickedCounts {
  const withSku = files.filter((f) => normaliseSku(f.sku) !== '');
  const skus = new Set(withSku.map((f) => normaliseSku(f.sku)));
  return { images: files.length, withSku: withSku.length, withoutSku: files.length - withSku.length, products: skus.size };
}
