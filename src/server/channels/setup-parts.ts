import { randomBytes } from 'node:crypto';
import type { ServerSettings } from './channel-module';
import { createTokenCipher } from './token-crypto';

/**
 * What every channel's setup holds alike: whether it talks to its simulation, the simulation itself (stopped with the
 * server), and the cipher its stored tokens are sealed with (this APP_SECRET; the earlier ones still read).
 */
export function setupParts<Simulation extends { close(): Promise<void> }>(
  config: ServerSettings,
  simulation: Simulation | null | undefined,
) {
  return {
    simulated: Boolean(simulation),
    simulation: simulation ?? null,
    cipher: createTokenCipher(config.appSecret, config.previousAppSecrets),
    close: async () => {
      await simulation?.close();
    },
  };
}

/** The same parts of a channel with no keys and no simulation (what tests that do not use it get): a throwaway token key. */
export function unconfiguredParts() {
  return {
    simulated: false,
    simulation: null,
    cipher: createTokenCipher(randomBytes(32).toString('hex')),
    close: async () => undefined,
  };
}
