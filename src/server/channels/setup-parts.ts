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
