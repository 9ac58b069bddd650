import type { FastifyBaseLogger } from 'fastify';
import type { AppEvent } from '@shared/contracts/events';
import { AppError } from '@shared/errors';
import type { Database } from '../db/client';
import type { NotificationListener } from '../db/notifications';
import * as repo from './repo';
import { changeSources, type ChangeSource } from './sources';

/** How a stream learns that its user's items or listings changed. */
export type EventDelivery = 'notify' | 'poll';

export interface EventServiceOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** `auto`: NOTIFY where the database has it (PostgreSQL), polling otherwise (PGlite). `poll` forces polling. */
  delivery?: 'auto' | 'poll';
  /** Poll interval of each stream when polling. */
  pollMs?: number;
  /** Open streams one user may hold in this process; one more is refused (429). */
  maxStreamsPerUser?: number;
}

/** Where a stream's events go (the HTTP response). */
export type EventSink = (event: AppEvent) => void;

export interface EventStream {
  /** Stops the stream's work and frees its slot; idempotent. */
  close(): void;
}

/** Told of every item change this process hears (see EventService.onItemsChanged). */
export interface ItemChangeListener {
  /** Something of the user's items, photos or eBay listings was committed (by any process). */
  changed(userId: string): void;
  /** Changes may have gone unheard (the LISTEN connection was lost, or is back after a loss). */
  reset(): void;
}

export interface EventService {
  readonly delivery: EventDelivery;
  /** Whether every committed item change reaches this process now: PostgreSQL, with its LISTEN connection up. */
  hearsChanges(): boolean;
  /** `listener` hears each change before the user's streams are woken; the answer stops it. */
  onItemsChanged(listener: ItemChangeListener): () => void;
  readonly maxStreamsPerUser: number;
  /**
   * Starts a stream of the user's events from now on. Throws AppError RATE_LIMITED when the user already holds
   * maxStreamsPerUser open streams in this process.
   */
  open(userId: string, sink: EventSink): Promise<EventStream>;
  /** Open streams of one user (or of everyone). */
  openStreams(userId?: string): number;
  /** Stops every stream's work and the LISTEN connection. */
  close(): Promise<void>;
}

/**
 * A change committed just before a query can carry an updated_at slightly older than the cursor (updated_at is the
 * writing transaction's start; clocks of other server processes), so each query looks back this far and skips what
 * the stream already sent.
 */
const LOOKBACK_MS = 5000;
/** Rows per query; a stream that got a full page asks again at once. */
const PAGE = 500;

/** Where a stream stands in one source. */
interface SourceCursor {
  source: ChangeSource;
  since: string;
  /** Change key (an item, a listing) -> the updated_at last sent, inside the look-back window. */
  sent: Map<string, string>;
}

interface StreamState {
  userId: string;
  sink: EventSink;
  /** One per change source; empty until open() has read the database's clock. */
  cursors: SourceCursor[];
  busy: boolean;
  again: boolean;
  closed: boolean;
  timer?: ReturnType<typeof setInterval>;
}

/**
 * The live stream of a user's item and listing changes. On PostgreSQL one LISTEN connection per process hears the
 * items' and channel_listings' triggers' NOTIFY (payload: user id) and wakes only that user's streams, which then run
 * one indexed query per source (sources.ts); an idle stream costs nothing. On PGlite each stream polls the same
 * queries every pollMs.
 */
export async function createEventService(options: EventServiceOptions): Promise<EventService> {
  const { database, log } = options;
  const db = database.db;
  const pollMs = options.pollMs ?? 1000;
  const maxStreamsPerUser = options.maxStreamsPerUser ?? 10;
  const streams = new Map<string, Set<StreamState>>();

  const wakeUser = (userId: string) => {
    for (const stream of streams.get(userId) ?? []) void deliver(stream);
  };
  const wakeAll = () => {
    for (const set of streams.values()) for (const stream of set) void deliver(stream);
  };

  const changeListeners = new Set<ItemChangeListener>();
  let hearing = false;
  let listener: NotificationListener | undefined;
  if (database.listen && options.delivery !== 'poll') {
    listener = await database.listen(repo.ITEM_CHANGES_CHANNEL, {
      onNotify: (userId) => {
        for (const heard of changeListeners) heard.changed(userId);
        wakeUser(userId);
      },
      onReconnect: () => {
        hearing = true;
        for (const heard of changeListeners) heard.reset();
        wakeAll();
      },
      onLost: () => {
        hearing = false;
        for (const heard of changeListeners) heard.reset();
      },
      onError: (err) => log.warn({ err }, 'events: LISTEN connection lost'),
    });
    hearing = true;
  }
  const delivery: EventDelivery = listener ? 'notify' : 'poll';

  /** Sends one source's changes since its cursor; answers whether a full page came (more may wait). */
  /**
   * Sends the source's changes from a lookback before its cursor, a page at a time: each next page starts at the last
   * change of the one before, so more than a page of changes inside the lookback (500 products made in a second) is
   * read through once. Re-reading from the cursor instead came back to the same first page, all sent, forever.
   */
  async function deliverFrom(stream: StreamState, cursor: SourceCursor): Promise<boolean> {
    const window = new Date(Date.parse(cursor.since) - LOOKBACK_MS).toISOString();
    let from = window;
    let previousLast: string | null = null;
    for (;;) {
      const changes = await cursor.source.changedSince(db, stream.userId, from, PAGE);
      for (const { key, event } of changes) {
        if (stream.closed) return false;
        if (cursor.sent.get(key) === event.updatedAt) continue;
        cursor.sent.set(key, event.updatedAt);
        if (event.updatedAt > cursor.since) cursor.since = event.updatedAt;
        stream.sink(event);
      }
      const last = changes.at(-1)?.event.updatedAt;
      // A short page is the end; a full page of one instant cannot be paged by time any further.
      if (changes.length < PAGE || !last || last === previousLast || stream.closed) break;
      previousLast = last;
      from = last;
    }
    for (const [key, at] of cursor.sent) if (at < window) cursor.sent.delete(key);
    return false;
  }

  /** Sends what changed since the stream's cursors; a call while one runs makes that one ask again. */
  async function deliver(stream: StreamState): Promise<void> {
    if (stream.closed) return;
    // Woken before open() has its cursors: open() delivers once it has.
    if (stream.busy || stream.cursors.length === 0) {
      stream.again = true;
      return;
    }
    stream.busy = true;
    try {
      do {
        stream.again = false;
        for (const cursor of stream.cursors) {
          if (stream.closed) return;
          if (await deliverFrom(stream, cursor)) stream.again = true;
        }
      } while (stream.again && !stream.closed);
    } catch (err) {
      log.warn({ err }, 'events: query failed');
    } finally {
      stream.busy = false;
    }
  }

  return {
    delivery,
    maxStreamsPerUser,
    hearsChanges: () => hearing,

    onItemsChanged(heard) {
      changeListeners.add(heard);
      return () => changeListeners.delete(heard);
    },

    async open(userId, sink) {
      const own = streams.get(userId) ?? new Set<StreamState>();
      if (own.size >= maxStreamsPerUser) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many open event streams (at most ${maxStreamsPerUser}). Close another tab of Resale Studio.`,
        );
      }
      // Take the slot before waiting, so concurrent opens cannot pass the cap.
      const stream: StreamState = { userId, sink, cursors: [], busy: false, again: false, closed: false };
      own.add(stream);
      streams.set(userId, own);
      const close = () => {
        if (stream.closed) return;
        stream.closed = true;
        clearInterval(stream.timer);
        own.delete(stream);
        if (own.size === 0 && streams.get(userId) === own) streams.delete(userId);
      };
      try {
        const since = await repo.databaseNow(db);
        stream.cursors = changeSources.map((source) => ({ source, since, sent: new Map() }));
      } catch (err) {
        close();
        throw err;
      }
      if (stream.again) void deliver(stream);
      if (delivery === 'poll' && !stream.closed) stream.timer = setInterval(() => void deliver(stream), pollMs);
      return { close };
    },

    openStreams(userId) {
      if (userId) return streams.get(userId)?.size ?? 0;
      let total = 0;
      for (const set of streams.values()) total += set.size;
      return total;
    },

    async close() {
      for (const set of streams.values()) {
        for (const stream of set) {
          stream.closed = true;
          clearInterval(stream.timer);
        }
      }
      streams.clear();
      hearing = false;
      changeListeners.clear();
      await listener?.close();
    },
  };
}
