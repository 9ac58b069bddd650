import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulation } from './runner';
import { createWorld, type World } from './world';

/**
 * The seller simulator (issue 55, decision 128) on a fixed seed and a small budget: random seller weeks against the
 * real server, every invariant checked after every step. `npm run simulate` runs as many as asked.
 */
let world: World;
beforeAll(async () => {
  world = await createWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('the seller simulator', () => {
  it('holds every invariant over a fixed seed’s sequences', async () => {
    const result = await runSimulation({ runs: Number(process.env.SIM_CI_RUNS ?? 4), seed: 20261127, maxCommands: 10 }, world);
    expect(result.failure).toBeNull();
    expect(result.sequences).toBeGreaterThan(0);
  }, 60_000);
});
