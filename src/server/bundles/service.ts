import type { Bundle, BundleItemsBody, CreateBundleBody } from '@shared/contracts/bundles';
import { money } from '@shared/domain/money';
import { notFound } from '@shared/errors';
import type { Db } from '../db/client';
import { itemNotFound, type ItemService } from '../items/service';
import { splitBundleCost } from './bundle-split';
import * as repo from './repo';

export interface BundleServiceDeps {
  db: Db;
  /** The one door to an item's cost: a share is written as a typed cost is, live listings priced from it revised. */
  items: Pick<ItemService, 'floorPricedChannels' | 'writeBundleCosts' | 'fillEmptySources'>;
}

/** The remembered sources the capture screen offers: a few, the most recent first. */
const REMEMBERED_SOURCES = 12;
type FloorPriced = Awaited<ReturnType<ItemService['floorPricedChannels']>>;
export const bundleNotFound = () => notFound('Bundle not found');

export function createBundleService(deps: BundleServiceDeps) {
  const { db } = deps;

  /** Splits the bundle's cost over its members (after `add`, without `remove`) and writes each share as its cost. */
  async function resplit(
    tx: Db,
    userId: string,
    bundle: repo.BundleRow,
    change: { add?: string[]; remove?: string[] },
    floorPriced: FloorPriced,
  ) {
    const added = [...new Set(change.add ?? [])];
    const addedRows = added.length ? await repo.splitInputs(tx, userId, { ids: added }) : [];
    if (addedRows.length !== added.length) throw itemNotFound();
    const current = await repo.splitInputs(tx, userId, { bundleId: bundle.id });
    const removed = new Set(change.remove ?? []);
    const members = [...current, ...addedRows.filter((row) => row.bundleId !== bundle.id)].filter((row) => !removed.has(row.id));
    const shares = splitBundleCost(
      { amountMinor: bundle.costMinor, currency: bundle.currency },
      members.map((row) => ({
        id: row.id,
        currency: row.currency,
        // What it sold for says more than what it was hoped to sell for (an imported past sale has only that).
        expectedMinor: row.soldPriceMinor ?? row.askingPriceMinor ?? row.aiSuggestedPriceMinor,
      })),
      bundle.split,
    );
    // An item leaving the bundle keeps its last share as its own cost, which the seller can then change.
    const leaving = current.filter((row) => removed.has(row.id)).map((row) => ({ id: row.id, costMinor: row.costMinor, bundleId: null }));
    // Another bundle an added item leaves is split again over its other members.
    const otherBundles = new Set(addedRows.map((row) => row.bundleId).filter((id): id is string => id !== null && id !== bundle.id));
    await deps.items.writeBundleCosts(tx, userId, [...shares.map((s) => ({ ...s, bundleId: bundle.id })), ...leaving], floorPriced);
    // The bundle's source is where its new members were bought, unless the seller already said where for one.
    if (bundle.source && addedRows.length)
      await deps.items.fillEmptySources(
        tx,
        userId,
        addedRows.map((row) => row.id),
        bundle.source,
      );
    for (const otherId of otherBundles) {
      const other = await repo.findBundle(tx, userId, otherId, { lock: true });
      if (other) await resplit(tx, userId, other, {}, floorPriced);
    }
  }

  async function view(tx: Db, userId: string, bundle: repo.BundleRow): Promise<Bundle> {
    const members = await repo.splitInputs(tx, userId, { bundleId: bundle.id });
    return {
      id: bundle.id,
      cost: money(bundle.costMinor, bundle.currency),
      split: bundle.split,
      source: bundle.source,
      createdAt: bundle.createdAt.toISOString(),
      items: members.map((row) => ({ itemId: row.id, share: money(row.costMinor ?? 0, row.currency) })),
    };
  }

  async function createBundle(userId: string, body: CreateBundleBody): Promise<Bundle> {
    // Read before the transaction: PGlite's one connection is the transaction's until it ends.
    const floorPriced = await deps.items.floorPricedChannels(userId);
    return db.transaction(async (tx) => {
      const bundle = await repo.insertBundle(tx, {
        userId,
        costMinor: body.cost.amountMinor,
        currency: body.cost.currency,
        split: body.split,
        source: body.source?.trim() || null,
      });
      await resplit(tx, userId, bundle, { add: body.itemIds }, floorPriced);
      return view(tx, userId, bundle);
    });
  }

  async function changeMembers(userId: string, id: string, change: { add?: string[]; remove?: string[] }): Promise<Bundle> {
    const floorPriced = await deps.items.floorPricedChannels(userId);
    return db.transaction(async (tx) => {
      const bundle = await repo.findBundle(tx, userId, id, { lock: true });
      if (!bundle) throw bundleNotFound();
      await resplit(tx, userId, bundle, change, floorPriced);
      return view(tx, userId, bundle);
    });
  }

  async function getBundle(userId: string, id: string): Promise<Bundle> {
    const bundle = await repo.findBundle(db, userId, id);
    if (!bundle) throw bundleNotFound();
    return view(db, userId, bundle);
  }

  return {
    createBundle,
    getBundle,
    addItems: (userId: string, id: string, body: BundleItemsBody) => changeMembers(userId, id, { add: body.itemIds }),
    removeItem: (userId: string, id: string, itemId: string) => changeMembers(userId, id, { remove: [itemId] }),
    sources: async (userId: string) => ({ sources: await repo.recentSources(db, userId, REMEMBERED_SOURCES) }),
  };
}

export type BundleService = ReturnType<typeof createBundleService>;
