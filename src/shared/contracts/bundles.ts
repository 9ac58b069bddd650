import { z } from 'zod';
import { moneyInputSchema, moneySchema } from './money';
import { text } from './text';
import { route } from './route-table';

/** Bundles: items bought together for one price, split over them; and the seller's remembered sources. */
export const bundlesRoutes = {
  collection: '/api/bundles',
  bundle: '/api/bundles/:id',
  items: '/api/bundles/:id/items',
  item: '/api/bundles/:id/items/:itemId',
  sources: '/api/sources',
} as const;

export const bundleSplitRules = ['equal', 'expected-price'] as const;
export const bundleSplitRule = z.enum(bundleSplitRules);

const itemIds = z.array(z.uuid()).max(500);

export const createBundleBody = z.object({
  /** What the whole bundle cost, in the currency of its items (never converted). */
  cost: moneyInputSchema,
  split: bundleSplitRule,
  source: text().trim().max(100).nullish(),
  itemIds: itemIds.default([]),
});
export type CreateBundleBody = z.infer<typeof createBundleBody>;

export const bundleItemsBody = z.object({ itemIds: itemIds.min(1) });
export type BundleItemsBody = z.infer<typeof bundleItemsBody>;

export const bundleIdParams = z.object({ id: z.uuid() });
export const bundleItemParams = z.object({ id: z.uuid(), itemId: z.uuid() });

export const bundle = z.object({
  id: z.uuid(),
  cost: moneySchema,
  split: bundleSplitRule,
  source: z.string().nullable(),
  createdAt: z.string(),
  /** Each member's share of the cost, which is its cost; the shares sum to the bundle's cost. */
  items: z.array(z.object({ itemId: z.uuid(), share: moneySchema })),
});
export type Bundle = z.infer<typeof bundle>;

/** Where the seller bought things, in their words: distinct, most recently used first. */
export const sourcesResponse = z.object({ sources: z.array(z.string()) });

/** Bundles bought for one price and the seller's remembered sources. */
export const bundlesApi = {
  sources: route.get(bundlesRoutes.sources, {
    summary: 'Where the seller bought things, most recently used first',
    response: { 200: sourcesResponse },
  }),
  create: route.post(bundlesRoutes.collection, {
    summary: "A bundle bought for one price: its cost split over its items, each share written as the item's cost",
    body: createBundleBody,
    response: { 200: bundle },
  }),
  one: route.get(bundlesRoutes.bundle, {
    summary: 'A bundle with each item’s share',
    params: bundleIdParams,
    response: { 200: bundle },
  }),
  addItems: route.post(bundlesRoutes.items, {
    summary: 'Adds items to a bundle and splits its cost again',
    params: bundleIdParams,
    body: bundleItemsBody,
    response: { 200: bundle },
  }),
  removeItem: route.delete(bundlesRoutes.item, {
    summary: 'Takes an item out of a bundle (it keeps its last share as its cost) and splits the cost again',
    params: bundleItemParams,
    response: { 200: bundle },
  }),
};
