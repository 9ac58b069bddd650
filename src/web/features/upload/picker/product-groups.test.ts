import { describe, expect, it } from 'vitest';
import { pickedCounts, productGroups, productGroupsWith, withoutSku } from './product-groups';
import type { PickedFile } from './use-picked-files';

const picked = (name: string, sku: string, size = ''): PickedFile => ({
  id: name,
  file: new File(['x'], name),
  sku,
  size,
  previewUrl: null,
  previewFailed: false,
});

describe('products from picked files', () => {
  const files = [
    picked('1.jpg', 'DRESS-A'),
    picked('2.jpg', ''),
    picked('3.jpg', ' dress-a '),
    picked('4.jpg', 'BAG'),
    picked('5.jpg', '  '),
  ];

  it('groups by SKU in grid order; photos without a SKU form one product with the next generated SKU', () => {
    const groups = productGroups(files);
    expect(groups.map((g) => [g.sku, g.files.map((f) => f.name)])).toEqual([
      ['DRESS-A', ['1.jpg', '3.jpg']],
      [null, ['2.jpg', '5.jpg']],
      ['BAG', ['4.jpg']],
    ]);
  });

  it('a product takes the size typed under any of its photos, the first one typed', () => {
    const sized = [
      picked('1.jpg', 'JEANS', ''),
      picked('2.jpg', 'JEANS', ' W32 L30 slim '),
      picked('3.jpg', 'JEANS', '34'),
      picked('4.jpg', 'TEE'),
    ];
    expect(productGroups(sized).map((g) => [g.sku, g.size])).toEqual([
      ['JEANS', 'W32 L30 slim'],
      ['TEE', null],
    ]);
  });

  it('counts images, images with a SKU and unique products', () => {
    expect(pickedCounts(files)).toEqual({ images: 5, withSku: 3, withoutSku: 2, products: 2 });
    expect(pickedCounts([])).toEqual({ images: 0, withSku: 0, withoutSku: 0, products: 0 });
    // Photos with no SKU typed are no unique product yet ("1 unique product" before).
    expect(pickedCounts(files.map((f) => ({ ...f, sku: '' })))).toEqual({ images: 5, withSku: 0, withoutSku: 5, products: 0 });
  });

  it("with the seller's split of photos without a SKU: named products first, then each unnamed group", () => {
    const unnamed = withoutSku(files);
    expect(unnamed.map((f) => f.id)).toEqual(['2.jpg', '5.jpg']);
    const groups = productGroupsWith(
      files,
      unnamed.map((f) => [f]),
    );
    expect(groups.map((g) => [g.sku, g.files.map((f) => f.name)])).toEqual([
      ['DRESS-A', ['1.jpg', '3.jpg']],
      ['BAG', ['4.jpg']],
      [null, ['2.jpg']],
      [null, ['5.jpg']],
    ]);
  });
});
