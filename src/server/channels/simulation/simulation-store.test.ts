import { paced } from '@shared/testing/pace';
/** The simulations' store (decision 188): debounced saves, written whole or not at all, unreadable files set aside. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSimulationStore, startFromSaved } from './simulation-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rs-simulation-store-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const quiet = () => {
  const warnings: string[] = [];
  return { warnings, log: { warn: (message: string) => void warnings.push(message) } };
};

describe('the simulation store', () => {
  it('saves once, debounced after the last change, and reads back Maps, Sets and Buffers as they were', async () => {
    vi.useFakeTimers();
    const store = openSimulationStore({ dir, channel: 'ebay', debounceMs: 400 });
    let state = { n: 0, listings: new Map([['1', { live: true }]]), likers: new Set([7]), picture: Buffer.from('jpeg') };
    const snapshot = vi.fn(() => state);
    store.track(snapshot);
    store.changed();
    vi.advanceTimersByTime(300);
    state = { ...state, n: 1 };
    store.changed();
    vi.advanceTimersByTime(300);
    // Still within 400 ms of the last change: nothing written yet.
    expect(snapshot).not.toHaveBeenCalled();
    expect(existsSync(path.join(dir, 'ebay.v8'))).toBe(false);
    vi.advanceTimersByTime(100);
    expect(snapshot).toHaveBeenCalledTimes(1);
    // Written in the background: close waits for it.
    await store.close();
    const back = openSimulationStore({ dir, channel: 'ebay' }).load() as typeof state;
    expect(back.n).toBe(1);
    expect(back.listings).toEqual(new Map([['1', { live: true }]]));
    expect(back.likers).toEqual(new Set([7]));
    expect(Buffer.isBuffer(back.picture) && back.picture.toString()).toBe('jpeg');
    // No change since: a flush writes nothing.
    store.flush();
    expect(snapshot).toHaveBeenCalledTimes(1);
  });

  it('saves by the longest wait while changes keep coming (a bulk publish), then again after the last', async () => {
    vi.useFakeTimers();
    const store = openSimulationStore({ dir, channel: 'ebay', debounceMs: 400, maxWaitMs: 5_000 });
    let n = 0;
    const snapshot = vi.fn(() => ({ n }));
    store.track(snapshot);
    for (let at = 0; at < 6_000; at += 300) {
      n += 1;
      store.changed();
      vi.advanceTimersByTime(300);
    }
    expect(snapshot).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(openSimulationStore({ dir, channel: 'ebay' }).load()).not.toBeNull());
    await vi.waitFor(() => expect(snapshot).toHaveBeenCalledTimes(2), { timeout: paced(2_000) });
    await store.close();
    expect(openSimulationStore({ dir, channel: 'ebay' }).load()).toEqual({ n });
  });

  it('never puts an older state over a newer one: a background write that ends after a save now is dropped', async () => {
    vi.useFakeTimers();
    const store = openSimulationStore({ dir, channel: 'depop', debounceMs: 400 });
    let n = 1;
    store.track(() => ({ n }));
    store.changed();
    vi.advanceTimersByTime(400); // n = 1 taken, its write under way
    n = 2;
    store.changed();
    store.flush(); // n = 2 written and in place at once
    vi.useRealTimers();
    await store.close();
    expect(openSimulationStore({ dir, channel: 'depop' }).load()).toEqual({ n: 2 });
    expect(readdirSync(dir)).toEqual(['depop.v8']);
  });

  it('saves what is pending on close, and nothing after', async () => {
    const store = openSimulationStore({ dir, channel: 'etsy', debounceMs: 60_000 });
    let n = 1;
    store.track(() => ({ n }));
    store.changed();
    await store.close();
    expect(openSimulationStore({ dir, channel: 'etsy' }).load()).toEqual({ n: 1 });
    n = 2;
    store.changed();
    store.flush();
    expect(openSimulationStore({ dir, channel: 'etsy' }).load()).toEqual({ n: 1 });
  });

  it('writes through a temporary file renamed into place: a failed write leaves the last file whole', () => {
    const store = openSimulationStore({ dir, channel: 'shopify', ...quiet() });
    store.track(() => ({ n: 1 }));
    store.changed();
    store.flush();
    const before = readFileSync(path.join(dir, 'shopify.v8'));
    // A state that cannot be written (a function): the write fails before the rename.
    store.track(() => ({ n: 2, broken: () => 0 }));
    store.changed();
    store.flush();
    expect(readFileSync(path.join(dir, 'shopify.v8'))).toEqual(before);
    expect(readdirSync(dir)).toEqual(['shopify.v8']);
  });

  it('sets an unreadable file aside, warns, and starts empty', async () => {
    const file = path.join(dir, 'depop.v8');
    writeFileSync(file, Buffer.from('torn in the middle'));
    const { warnings, log } = quiet();
    const store = openSimulationStore({ dir, channel: 'depop', log });
    expect(store.load()).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^depop\.v8\.unreadable-/)]);
    expect(warnings).toEqual([expect.stringContaining('could not be read back')]);

    // A whole file of another shape (an older version's) is set aside too.
    writeFileSync(file, serialize({ shape: 0, channel: 'depop', state: {} }));
    expect(openSimulationStore({ dir, channel: 'depop', log }).load()).toBeNull();
    expect(readdirSync(dir).filter((name) => name.includes('unreadable')).length).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
  });

  it('starts empty when the fake cannot put the saved state back', async () => {
    const { warnings, log } = quiet();
    const store = openSimulationStore({ dir, channel: 'ebay', log });
    store.track(() => ({ shape: 'old' }));
    store.changed();
    store.flush();
    const started = await startFromSaved(store, async (saved) => {
      if (saved !== null) throw new Error('not a saved ebay state of shape 1');
      return 'empty';
    });
    expect(started).toBe('empty');
    expect(existsSync(path.join(dir, 'ebay.v8'))).toBe(false);
    expect(warnings).toEqual([expect.stringContaining('not a saved ebay state')]);
  });

  it('keeps nothing without a directory', () => {
    const store = openSimulationStore({ dir: null, channel: 'ebay' });
    const snapshot = vi.fn(() => ({}));
    store.track(snapshot);
    store.changed();
    store.flush();
    expect(store.persistent).toBe(false);
    expect(store.load()).toBeNull();
    expect(snapshot).not.toHaveBeenCalled();
  });
});
