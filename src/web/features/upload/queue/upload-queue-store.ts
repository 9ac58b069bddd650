import { codeOf, queueFailureMessage, queueFailureRetryable } from '../product-upload-error';
import { fileNameOf, productProgress, type ProductUploadProgress, type ProductUploadResult } from '../product-upload';
import type { PreparedPhoto, ProductToSend } from '../upload-product-photos';
import { COMPLETED_ENTRY_LIFETIME_MS, isActive, newQueueEntry, resumeNotice, withItem, type UploadQueueEntry } from './upload-queue-entry';
import type { StoredUpload, UploadStorage } from './upload-storage';

const PROGRESS_INTERVAL_MS = 100;
/** A product that failed for want of a connection is tried again this often, besides the `online` event. */
const NETWORK_RETRY_MS = 30_000;
/** Typed SKUs a generated one is asked to skip (the server takes up to 200 in the query string). */
const MAX_RESERVED = 200;
/** The resume notice stays at least this long, so the seller can read it. */
const NOTICE_MIN_MS = 4000;

/** A product this session created, for the summary at the end. */
export interface CreatedProduct {
  itemId: string;
  sku: string;
  photoCount: number;
}

export interface ProductInput {
  /** Typed SKU, or null: the server gives the next generated one. */
  sku: string | null;
  files: Blob[];
  /** The size on the label, as the seller typed it. */
  size?: string | null;
  autoGenerateListing?: boolean;
  /** Who hands it over; a product with the same source already queued is that product, not a second one. */
  source?: string;
}

export interface QueueSnapshot {
  entries: UploadQueueEntry[];
  created: CreatedProduct[];
  /** Products of the current run (since the queue was last idle): finished and in all, for "n of m". */
  run: { done: number; total: number };
  /** "{n} products waiting to upload — resuming" while resumed products are on their way. */
  notice: string | null;
  /** Something would be lost by closing the page now: photos not yet written to IndexedDB. */
  unsaved: boolean;
}

export interface UploadQueueDeps {
  userId: string;
  storage: UploadStorage | null;
  compress: (photos: Blob[], onCompressed: (index: number) => void, signal: AbortSignal) => Promise<PreparedPhoto[]>;
  send: (request: {
    product: ProductToSend;
    photos: PreparedPhoto[];
    progress: ReturnType<typeof productProgress>;
    signal: AbortSignal;
  }) => Promise<ProductUploadResult>;
  onCreated?: (entry: UploadQueueEntry, result: ProductUploadResult) => void;
  onSettled?: () => void;
}

interface Waiter {
  resolve: (result: ProductUploadResult) => void;
  reject: (err: unknown) => void;
  onProgress?: (progress: ProductUploadProgress) => void;
}

/**
 * The app's upload queue: it belongs to the signed-in user's session, not to a screen, so it keeps going while the
 * seller moves around. Products are written to IndexedDB as picked the moment they are queued, then compressed one
 * after another (their photos 3 at a time) and written again compressed; they are sent one at a time, in order,
 * and deleted from IndexedDB once the server has answered. A reload, a reopened tab or a regained connection
 * resumes what is left, under the same upload keys, so the server never makes a product twice.
 */
export class UploadQueue {
  private snapshot: QueueSnapshot = { entries: [], created: [], run: { done: 0, total: 0 }, notice: null, unsaved: false };
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly pendingProgress = new Map<string, ProductUploadProgress>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly abort = new AbortController();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private preparing = false;
  private sending = false;
  /** The write of each new product's photos as picked, which its compression waits for. */
  private readonly keeping = new Map<string, Promise<boolean>>();
  private noticeIds = new Set<string>();
  private noticeSince = 0;

  constructor(private readonly deps: UploadQueueDeps) {}

  // ---- for React (useSyncExternalStore) ----

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(change: Partial<QueueSnapshot>) {
    const next = { ...this.snapshot, ...change };
    next.unsaved = next.entries.some((e) => isActive(e) && !e.saved);
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private update(id: string, change: (entry: UploadQueueEntry) => UploadQueueEntry) {
    this.set({ entries: this.snapshot.entries.map((e) => (e.id === id ? change(e) : e)) });
  }

  private entry(id: string) {
    return this.snapshot.entries.find((e) => e.id === id);
  }

  private later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  // ---- what the seller does ----

  /** Queues products (skipping empty ones); answers their entry ids. A source already queued answers its entry. */
  enqueue(products: ProductInput[]): string[] {
    const ids: string[] = [];
    const added: UploadQueueEntry[] = [];
    for (const product of products) {
      if (product.files.length === 0) continue;
      const same = product.source ? this.snapshot.entries.find((e) => e.source === product.source && e.status !== 'completed') : undefined;
      if (same) {
        if (same.status === 'failed') this.retry(same.id);
        ids.push(same.id);
        continue;
      }
      const entry = newQueueEntry(product.sku, product.files, {
        size: product.size ?? null,
        autoGenerateListing: product.autoGenerateListing ?? false,
        source: product.source ?? null,
      });
      added.push(entry);
      ids.push(entry.id);
    }
    if (added.length > 0) {
      const run = this.snapshot.entries.some(isActive) ? this.snapshot.run : { done: 0, total: 0 };
      this.set({ entries: [...this.snapshot.entries, ...added], run: { done: run.done, total: run.total + added.length } });
      this.keep(added);
      this.pump();
    }
    return ids;
  }

  /**
   * Writes the products' photos as picked, with their SKUs and keys, to IndexedDB at once (one transaction), so a
   * reload or a closed tab before they are compressed resumes them. Compression waits for this write.
   */
  private keep(entries: UploadQueueEntry[]) {
    const { storage, userId } = this.deps;
    const createdAt = Date.now();
    const records = entries.map((entry, i) => this.recordOf(entry, userId, createdAt + i));
    const written = (storage ? storage.putMany(records) : Promise.reject(new Error('no IndexedDB'))).then(
      () => true,
      () => false, // no IndexedDB (private mode, quota): the products still go, but a reload would lose them
    );
    for (const entry of entries) {
      this.keeping.set(
        entry.id,
        written.then((kept) => {
          this.keeping.delete(entry.id);
          if (kept && !this.abort.signal.aborted) this.update(entry.id, (e) => (e.status === 'completed' ? e : { ...e, saved: true }));
          return kept;
        }),
      );
    }
  }

  /** A product as IndexedDB keeps it: its compressed photos once ready, the picked ones until then. */
  private recordOf(entry: UploadQueueEntry, userId: string, createdAt: number): StoredUpload {
    const photos = entry.prepared ?? entry.images.map((blob, index) => ({ blob, fileName: fileNameOf(blob, index) }));
    return {
      id: entry.id,
      userId,
      createdAt,
      uploadKey: entry.uploadKey,
      sku: entry.sku,
      size: entry.size,
      autoGenerateListing: entry.autoGenerateListing,
      photos,
      compressed: entry.prepared !== null,
      source: entry.source,
    };
  }

  /** Resolves with the product once it is created; rejects when it fails (it stays in the queue to retry). */
  waitFor(id: string, onProgress?: (progress: ProductUploadProgress) => void): Promise<ProductUploadResult> {
    const entry = this.entry(id);
    if (entry?.status === 'completed' && entry.result) return Promise.resolve(entry.result);
    return new Promise((resolve, reject) => {
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), { resolve, reject, onProgress }]);
    });
  }

  /**
   * Sends a failed product again, with the same photos and key, under its SKU or the one the seller typed. After a SKU
   * conflict, Retry without a SKU takes the next free generated one (the same SKU would only conflict again), and the
   * entry names it once created.
   */
  retry = (id: string, sku?: string) => {
    const entry = this.entry(id);
    if (!entry || entry.status !== 'failed') return;
    const nextFree = sku === undefined && entry.skuConflict && entry.sku !== null;
    const again = newQueueEntry(nextFree ? null : (sku ?? entry.sku), entry.images, {
      id: entry.id,
      uploadKey: entry.uploadKey,
      size: entry.size,
      autoGenerateListing: entry.autoGenerateListing,
      source: entry.source,
      prepared: entry.prepared,
      saved: entry.saved,
      renamedFrom: nextFree ? entry.sku : null,
    });
    const run = this.snapshot.entries.some(isActive) ? this.snapshot.run : { done: 0, total: 0 };
    this.set({ entries: this.snapshot.entries.map((e) => (e.id === id ? again : e)), run: { ...run, total: run.total + 1 } });
    if (again.sku !== entry.sku && again.saved) void this.save(again);
    this.pump();
  };

  /** The seller gives up on a failed product (it leaves the queue and IndexedDB), or has read a created one's note. */
  clear = (id: string) => {
    const entry = this.entry(id);
    if (!entry || (entry.status !== 'failed' && entry.status !== 'completed')) return;
    this.set({ entries: this.snapshot.entries.filter((e) => e.id !== id) });
    void this.deps.storage?.delete([id]).catch(() => undefined);
  };

  clearCreated = () => this.set({ created: [] });

  /** Products left in IndexedDB by an earlier page (reload, closed tab): queued again, with the notice. */
  async restore(): Promise<number> {
    const { storage, userId } = this.deps;
    if (!storage) return 0;
    let records: StoredUpload[];
    try {
      records = await storage.list(userId);
    } catch {
      return 0;
    }
    const known = new Set(this.snapshot.entries.map((e) => e.id));
    const fresh = records.filter((r) => r.userId === userId && !known.has(r.id) && r.photos.length > 0);
    if (fresh.length === 0 || this.abort.signal.aborted) return 0;
    const entries = fresh.map((r) => {
      // Photos kept as picked go through compression first; a File keeps its name for the server.
      const compressed = r.compressed !== false;
      const images = r.photos.map((p) =>
        compressed || p.blob instanceof File ? p.blob : new File([p.blob], p.fileName, { type: p.blob.type }),
      );
      return newQueueEntry(r.sku, images, {
        id: r.id,
        uploadKey: r.uploadKey,
        size: r.size ?? null,
        autoGenerateListing: r.autoGenerateListing,
        source: r.source,
        prepared: compressed ? r.photos : null,
        saved: true,
      });
    });
    const run = this.snapshot.entries.some(isActive) ? this.snapshot.run : { done: 0, total: 0 };
    this.set({ entries: [...this.snapshot.entries, ...entries], run: { ...run, total: run.total + entries.length } });
    this.announce(entries.map((e) => e.id));
    this.pump();
    return entries.length;
  }

  /** The browser is online again: products that failed for want of a connection go again, with the notice. */
  resumeAfterReconnect = () => {
    // Still offline: nothing would go, and "resuming" would be untrue; the browser's `online` event calls again.
    if (browserOffline()) return;
    const waiting = this.snapshot.entries.filter((e) => e.status === 'failed' && e.waitingForNetwork);
    if (waiting.length === 0) return;
    for (const entry of waiting) this.retry(entry.id);
    this.announce(this.snapshot.entries.filter(isActive).map((e) => e.id));
  };

  dispose() {
    this.abort.abort();
    for (const timer of this.timers) clearTimeout(timer);
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.listeners.clear();
  }

  // ---- the work ----

  private announce(ids: string[]) {
    if (ids.length === 0 || browserOffline()) return;
    this.noticeIds = new Set([...this.noticeIds, ...ids]);
    this.noticeSince = Date.now();
    this.set({ notice: resumeNotice(ids.length) });
    this.later(NOTICE_MIN_MS, () => this.maybeEndNotice());
  }

  private maybeEndNotice() {
    if (this.snapshot.notice === null) return;
    const open = this.snapshot.entries.some((e) => this.noticeIds.has(e.id) && isActive(e));
    if (open || Date.now() - this.noticeSince < NOTICE_MIN_MS) return;
    this.noticeIds.clear();
    this.set({ notice: null });
  }

  private pump() {
    if (this.abort.signal.aborted) return;
    if (!this.preparing) {
      const next = this.snapshot.entries.find((e) => e.status === 'queued' && !e.prepared);
      if (next) {
        this.preparing = true;
        void this.prepare(next).finally(() => {
          this.preparing = false;
          this.pump();
        });
      }
    }
    if (!this.sending) {
      const next = this.snapshot.entries.find((e) => e.status === 'queued' && e.prepared);
      if (next) {
        this.sending = true;
        void this.send(next).finally(() => {
          this.sending = false;
          this.pump();
        });
      }
    }
  }

  private progressOf(id: string, progress: ProductUploadProgress) {
    for (const waiter of this.waiters.get(id) ?? []) waiter.onProgress?.(progress);
    this.pendingProgress.set(id, progress);
    this.flushTimer ??= setTimeout(() => this.flushProgress(), PROGRESS_INTERVAL_MS);
  }

  /** Progress arrives many times a second per photo: it is folded into state at most every 100 ms. */
  private flushProgress() {
    this.flushTimer = null;
    const batch = new Map(this.pendingProgress);
    this.pendingProgress.clear();
    this.set({
      entries: this.snapshot.entries.map((entry) => {
        const progress = batch.get(entry.id);
        if (!progress || (entry.status !== 'compressing' && entry.status !== 'uploading')) return entry;
        return { ...withItem(entry, progress.item), progress: Math.min(progress.percent, 99), photos: progress.photos };
      }),
    });
  }

  private async save(entry: UploadQueueEntry): Promise<boolean> {
    const { storage, userId } = this.deps;
    if (!storage) return false;
    try {
      await storage.put(this.recordOf(entry, userId, Date.now()));
      return true;
    } catch {
      return false; // no IndexedDB (private mode, quota): the product still goes, but a reload would lose it
    }
  }

  private async prepare(entry: UploadQueueEntry) {
    const id = entry.id;
    const kept = (await this.keeping.get(id)) ?? entry.saved;
    if (this.abort.signal.aborted) return;
    this.update(id, (e) => ({ ...e, status: 'compressing', startedAt: Date.now() }));
    const progress = productProgress(entry.images.length, (p) => this.progressOf(id, p));
    try {
      const prepared = await this.deps.compress(entry.images, progress.compressed, this.abort.signal);
      // The compressed photos replace the picked ones (smaller); if that write fails, the picked ones stay kept.
      const saved = (await this.save({ ...entry, prepared })) || kept;
      if (this.abort.signal.aborted) return;
      this.pendingProgress.delete(id);
      this.update(id, (e) => ({
        ...e,
        status: 'queued',
        prepared,
        saved,
        progress: 50,
        photos: e.photos.map(() => ({ status: 'compressed', percent: 50 })),
      }));
    } catch (err) {
      this.fail(id, err);
    }
  }

  private async send(entry: UploadQueueEntry) {
    const id = entry.id;
    const photos = entry.prepared ?? [];
    this.update(id, (e) => ({ ...e, status: 'uploading', startedAt: e.startedAt ?? Date.now() }));
    const progress = productProgress(photos.length, (p) => this.progressOf(id, p), true);
    try {
      const product = {
        uploadKey: entry.uploadKey,
        sku: entry.sku ?? undefined,
        reserved: entry.sku === null ? this.typedSkusQueued(id) : undefined,
        size: entry.size ?? undefined,
        autoGenerateListing: entry.autoGenerateListing,
      };
      const result = await this.deps.send({
        product,
        photos,
        progress,
        signal: this.abort.signal,
      });
      if (this.abort.signal.aborted) return;
      this.pendingProgress.delete(id);
      await this.deps.storage?.delete([id]).catch(() => undefined);
      const { item } = result;
      const run = this.snapshot.run;
      this.set({
        created: [...this.snapshot.created, { itemId: item.id, sku: item.sku, photoCount: item.photoCount }],
        run: { ...run, done: Math.min(run.total, run.done + 1) },
      });
      this.update(id, (e) => ({
        ...withItem(e, item),
        status: 'completed',
        progress: 100,
        completedAt: Date.now(),
        result,
        images: [],
        prepared: null,
        photos: e.photos.map(() => ({ status: 'stored', percent: 100 })),
      }));
      const done = this.entry(id);
      if (done) this.deps.onCreated?.(done, result);
      for (const waiter of this.waiters.get(id) ?? []) waiter.resolve(result);
      this.waiters.delete(id);
      // An entry that names its new SKU stays until the seller has read it (Dismiss).
      if (entry.renamedFrom === null)
        this.later(COMPLETED_ENTRY_LIFETIME_MS, () => this.set({ entries: this.snapshot.entries.filter((e) => e.id !== id) }));
      this.maybeEndNotice();
    } catch (err) {
      this.fail(id, err);
    } finally {
      this.deps.onSettled?.();
    }
  }

  /** SKUs typed for the queue's other products not yet created: the server gives a generated SKU none of them. */
  private typedSkusQueued(id: string): string[] {
    const typed = this.snapshot.entries.filter((e) => e.id !== id && e.status !== 'completed' && e.sku !== null);
    return [...new Set(typed.flatMap((e) => (e.sku === null ? [] : [e.sku])))].slice(0, MAX_RESERVED);
  }

  private fail(id: string, err: unknown) {
    if (this.abort.signal.aborted || (err as Error).name === 'AbortError') return;
    this.pendingProgress.delete(id);
    const network = codeOf(err) === 'NETWORK';
    this.update(id, (e) => ({
      ...e,
      status: 'failed',
      error: queueFailureMessage(err),
      retryable: queueFailureRetryable(err),
      completedAt: Date.now(),
      waitingForNetwork: network,
      skuConflict: codeOf(err) === 'SKU_CONFLICT',
    }));
    if (network) this.later(NETWORK_RETRY_MS, this.resumeAfterReconnect);
    for (const waiter of this.waiters.get(id) ?? []) waiter.reject(err);
    this.waiters.delete(id);
    this.maybeEndNotice();
  }
}

/** The browser says it has no network (products then wait for a connection, with no "resuming"). */
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
