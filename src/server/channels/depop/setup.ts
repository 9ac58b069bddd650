import { depopPaths, depopRedirectPath, SIMULATED_DEPOP_PATH } from '@shared/contracts/depop';
import type { DepopConfig } from './config';
import type { ChannelSettings, ServerSettings, ChannelSetup, SimulationLog } from '../channel-module';
import type { TokenCipher } from '../token-crypto';
import { setupParts, unconfiguredParts } from '../setup-parts';
import { createDepopClient, type DepopClient } from './api/depop-client';
import { startSimulatedDepop, type SimulatedDepop } from './simulation/simulated-depop';

/** What Depop is set up from: the server's settings and `config.depop`. */
type DepopSettings = ChannelSettings<'depop', DepopConfig>;

/** What the Depop services need from the config: the client (null without keys), the webhook secret, the return address. */
export interface DepopSetup extends ChannelSetup {
  client: DepopClient | null;
  /** The secret Depop's webhooks are signed with; empty: every delivery is refused. */
  webhookSecret: string;
  redirectUri: string;
  /** The simulated Depop the server runs without Depop keys. */
  simulation: SimulatedDepop | null;
  cipher: TokenCipher;
}

const depopRedirectUriOf = (config: Pick<ServerSettings, 'publicUrl'>) => `${config.publicUrl}${depopRedirectPath}`;

/** Depop from the config (hosts overridable for the fake); given the running simulation, a client pointed at it. */
export function depopSetupFrom(config: DepopSettings, simulation?: SimulatedDepop | null, fetchImpl?: typeof fetch): DepopSetup {
  const { clientId, clientSecret, apiBase, oauthBase, webhookSecret } = config.depop;
  const keys = simulation
    ? {
        clientId: simulation.clientId,
        clientSecret: simulation.clientSecret,
        apiBase: simulation.apiBase,
        oauthBase: `${config.publicUrl}${SIMULATED_DEPOP_PATH}`,
        fetch: simulation.fetch,
      }
    : { clientId, clientSecret, apiBase, oauthBase, fetch: fetchImpl };
  return {
    client:
      keys.clientId && keys.clientSecret ? createDepopClient({ ...keys, clientId: keys.clientId, clientSecret: keys.clientSecret }) : null,
    webhookSecret: simulation?.webhookSecret ?? webhookSecret ?? '',
    redirectUri: depopRedirectUriOf(config),
    ...setupParts(config, simulation),
  };
}

/** The config's Depop, with the simulated Depop started when it asks for it (no Depop keys), from the state it kept. */
export async function startDepopSetup(config: DepopSettings, log?: SimulationLog): Promise<DepopSetup> {
  const simulation = config.depop.simulated
    ? await startSimulatedDepop(config.publicUrl, depopRedirectUriOf(config), depopPaths.webhooks, {
        dir: config.simulationsDir,
        log,
      })
    : null;
  return depopSetupFrom(config, simulation);
}

/** No Depop keys and no simulation: what tests that do not use Depop get. */
export function unconfiguredDepop(): DepopSetup {
  return {
    client: null,
    webhookSecret: '',
    redirectUri: '',
    ...unconfiguredParts(),
  };
}
