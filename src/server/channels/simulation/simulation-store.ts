/**
 * Where a simulated marketplace keeps its state between runs of the server (decision 188): one file per channel,
 * `<dir>/<channel>.v8` (node:v8's serialization: Maps, Sets, Dates and Buffers come back as they were). The state is
 * saved soon after it changes (debounced) and on close, written to a temporary file and renamed over the last one, so
 * a kill mid-write leaves the previous file whole. A file that cannot be read back (torn by hand, or from an older
 * shape) is set aside beside it (`.unreadable-<time>`), logged, and the simulation starts empty: never a failed boot.
 * Without a directory (tests) nothing is read or written: the simulation lives in memory.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SimulatedTokens } from '../channel-module';

/** The shape of the file itself; a change of what a fake saves bumps its own `shape` (the fake's restore checks it). */
const FILE_SHAPE = 1;

/** Where a simulation keeps its state (the server's DATA_DIR/simulations; null: in memory) and where it warns. */
export interface SimulationPersistence {
  dir: string | null;
  log?: { warn(message: string): void };
}

export interface SimulationStoreOptions {
  /** DATA_DIR/simulations; null: in memory only. */
  dir: string | null;
  /** The channel's name: its file's. */
  channel: string;
  /** Where a file set aside, or a failed save, is told. */
  log?: { warn(message: string): void };
  /** How long after the last change the state is saved. */
  debounceMs?: number;
  /** The longest a change waits while changes keep coming. */
  maxWaitMs?: number;
}

export interface SimulationStore {
  /** Whether the state is kept on disk. */
  readonly persistent: boolean;
  /** Where the file is (null in memory). */
  readonly file: string | null;
  /** The state saved last time, or null: none, or one that could not be read (set aside). */
  load(): unknown;
  /** The saved state could not be put back (`reason`): the file is set aside and the simulation starts empty. */
  setAside(reason: string): void;
  /** What to save: called at each save. Until it is given, nothing is saved. */
  track(snapshot: () => unknown): void;
  /** The state changed: saved once no change has come for `debounceMs`. */
  changed(): void;
  /** Saves now if anything changed since the last save. */
  flush(): void;
  /** Saves what is pending and stops. */
  close(): Promise<void>;
}

export const SIMULATION_SAVE_DEBOUNCE_MS = 400;
/** The longest a change waits to be saved while changes keep coming (a bulk publish): what a kill -9 may lose. */
export const SIMULATION_SAVE_MAX_WAIT_MS = 5_000;

export function openSimulationStore(options: SimulationStoreOptions): SimulationStore {
  const { dir, channel } = options;
  const debounceMs = options.debounceMs ?? SIMULATION_SAVE_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? SIMULATION_SAVE_MAX_WAIT_MS;
  const warn = (message: string) => (options.log ? options.log.warn(message) : console.warn(message));
  const file = dir ? path.join(dir, `${channel}.v8`) : null;
  let snapshot: (() => unknown) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let dirty = false;
  let closed = false;

  function setAside(reason: string) {
    if (!file || !existsSync(file)) return;
    const aside = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(file, aside);
    } catch {
      rmSync(file, { force: true });
    }
    warn(`The simulated ${channel}'s saved state could not be read back (${reason}): set aside as ${aside}; it starts empty`);
  }

  /** Each save's number: a write that ends after a newer one was put in place is dropped, never renamed over it. */
  let saves = 0;
  let inPlace = 0;
  /** The save being written in the background (one at a time). */
  let writing: Promise<void> | null = null;
  /** When the first change not yet saved came: a stream of changes is saved by `maxWaitMs` after it all the same. */
  let firstChangeAt: number | null = null;

  /** The state as bytes to write, and its number; null when there is nothing to save. */
  function take(): { bytes: Buffer; seq: number } | null {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!file || !snapshot || !dirty) return null;
    dirty = false;
    firstChangeAt = null;
    try {
      return { bytes: serialize({ shape: FILE_SHAPE, channel, savedAt: Date.now(), state: snapshot() }), seq: ++saves };
    } catch (error) {
      warn(`The simulated ${channel}'s state could not be saved: ${String(error)}`);
      return null;
    }
  }

  function putInPlace(temp: string, seq: number) {
    if (seq < inPlace) return rmSync(temp, { force: true });
    renameSync(temp, file!);
    inPlace = seq;
  }

  function failed(temp: string, error: unknown) {
    dirty = true;
    rmSync(temp, { force: true });
    warn(`The simulated ${channel}'s state could not be saved: ${String(error)}`);
  }

  /** Saves now, before answering (close, flush). */
  function save() {
    const next = take();
    if (!next) return;
    const temp = `${file}.${process.pid}.${next.seq}.tmp`;
    try {
      mkdirSync(path.dirname(file!), { recursive: true });
      writeFileSync(temp, next.bytes);
      putInPlace(temp, next.seq);
    } catch (error) {
      failed(temp, error);
    }
  }

  /**
   * The debounced save: the state is taken at once (a copy of a large eBay's pictures in tens of milliseconds) and
   * written in the background, so the server goes on answering while it is written.
   */
  function saveInBackground() {
    if (writing) {
      // Saved again once the write under way ends.
      timer = null;
      return;
    }
    const next = take();
    if (!next) return;
    const temp = `${file}.${process.pid}.${next.seq}.tmp`;
    mkdirSync(path.dirname(file!), { recursive: true });
    writing = writeFile(temp, next.bytes)
      .then(() => putInPlace(temp, next.seq))
      .catch((error: unknown) => failed(temp, error))
      .finally(() => {
        writing = null;
        if (dirty && !closed) schedule();
      });
  }

  function schedule() {
    const now = Date.now();
    firstChangeAt ??= now;
    if (timer) clearTimeout(timer);
    timer = setTimeout(saveInBackground, Math.max(0, Math.min(debounceMs, firstChangeAt + maxWaitMs - now)));
    timer.unref();
  }

  return {
    persistent: Boolean(file),
    file,
    load() {
      if (!file || !existsSync(file)) return null;
      try {
        const saved = deserialize(readFileSync(file)) as { shape?: unknown; channel?: unknown; state?: unknown } | null;
        if (!saved || saved.shape !== FILE_SHAPE || saved.channel !== channel || saved.state === undefined)
          throw new Error('not a state this version saves');
        return saved.state;
      } catch (error) {
        setAside(error instanceof Error ? error.message : String(error));
        return null;
      }
    },
    setAside,
    track(next) {
      snapshot = next;
    },
    changed() {
      if (!file || closed) return;
      dirty = true;
      schedule();
    },
    flush: save,
    async close() {
      closed = true;
      await writing;
      save();
    },
  };
}

/**
 * Starts a simulation from its saved state: `start(saved)` puts it back; a state it cannot put back (it throws) is set
 * aside and the simulation starts empty (`start(null)`). Answers the started simulation, tracked by the store.
 */
export async function startFromSaved<T>(store: SimulationStore, start: (saved: unknown) => Promise<T>): Promise<T> {
  const saved = store.load();
  if (saved === null) return start(null);
  try {
    return await start(saved);
  } catch (error) {
    store.setAside(error instanceof Error ? error.message : String(error));
    return start(null);
  }
}

/**
 * A simulation's hold on a seller's tokens and its close, as every simulated marketplace has them: a token ended or
 * revoked is saved soon after; on close the state is saved once the fake has stopped. The marketplace supplies how.
 */
export function savedControls(
  store: SimulationStore,
  fake: { endEarly(accountRef: string): void; revoke(accountRef: string): void; close(): Promise<void> },
): { tokens: SimulatedTokens; close(): Promise<void> } {
  return {
    tokens: {
      endEarly(accountRef) {
        fake.endEarly(accountRef);
        store.changed();
      },
      revoke(accountRef) {
        fake.revoke(accountRef);
        store.changed();
      },
    },
    async close() {
      await fake.close();
      await store.close();
    },
  };
}
