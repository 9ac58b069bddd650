import type { AppEvent } from '@shared/contracts/events';
import type { Db } from '../db/client';
import * as repo from './repo';

/** One change a stream may send: `key` names what changed (one item, one listing), for the stream's sent map. */
export interface Change {
  key: string;
  event: AppEvent;
}

/** A table the stream follows by its updated_at: one user-filtered query, oldest change first, mapped to events. */
export interface ChangeSource {
  name: string;
  changedSince(db: Db, userId: string, since: string, limit: number): Promise<Change[]>;
}

export const itemSource: ChangeSource = {
  name: 'items',
  async changedSince(db, userId, since, limit) {
    const rows = await repo.itemsChangedSince(db, userId, since, limit);
    return rows.map((row) => ({ key: row.id, event: { type: 'item', ...row } }));
  },
};

export const listingSource: ChangeSource = {
  name: 'channel_listings',
  async changedSince(db, userId, since, limit) {
    const rows = await repo.listingsChangedSince(db, userId, since, limit);
    return rows.map((row) => ({ key: `${row.itemId}:${row.channel}`, event: { type: 'listing', ...row } }));
  },
};

export const saleSource: ChangeSource = {
  name: 'sales',
  async changedSince(db, userId, since, limit) {
    const rows = await repo.salesChangedSince(db, userId, since, limit);
    return rows.map((row) => ({ key: row.id, event: { type: 'sale', ...row } }));
  },
};

/** Every table a stream follows, each with its own cursor. */
export const changeSources: readonly ChangeSource[] = [itemSource, listingSource, saleSource];
