import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { depopEnv, readDepopConfig } from './config';
import { depopChannel } from './module';

const read = (env: Record<string, string>) => readDepopConfig(z.object(depopEnv).parse(env));

describe('Depop’s config', () => {
  it('runs the simulation without keys, unless DEPOP_SIMULATION is off', () => {
    expect(read({})).toMatchObject({ simulated: true });
    expect(read({ DEPOP_SIMULATION: 'off' })).toMatchObject({ simulated: false });
  });

  it('talks to Depop with the partner’s keys, its hosts overridable', () => {
    expect(
      read({
        DEPOP_CLIENT_ID: 'id',
        DEPOP_CLIENT_SECRET: 'secret',
        DEPOP_WEBHOOK_SECRET: 'whsec',
        DEPOP_API_BASE: 'http://127.0.0.1:4186',
        DEPOP_OAUTH_BASE: 'http://127.0.0.1:4186',
      }),
    ).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      webhookSecret: 'whsec',
      apiBase: 'http://127.0.0.1:4186',
      oauthBase: 'http://127.0.0.1:4186',
      simulated: false,
    });
  });

  it('refuses a simulation switch other than auto or off', () => {
    expect(() => read({ DEPOP_SIMULATION: 'on' })).toThrow(/DEPOP_SIMULATION must be auto or off/);
  });

  it('is an API channel named depop, its simulation switch among its variables', () => {
    expect(depopChannel).toMatchObject({ name: 'depop', label: 'Depop', kind: 'api' });
    expect(Object.keys(depopChannel.config.env)).toContain(depopChannel.config.simulationEnv);
  });
});
