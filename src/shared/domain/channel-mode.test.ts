import { describe, expect, it } from 'vitest';
import { channels } from './channel-listing';
import { channelModeOf, handedOverChannels } from './channel-mode';

describe("a seller's mode on each marketplace", () => {
  it('Depop is by API once connected, handed over until then; never both', () => {
    expect(channelModeOf('depop', ['depop'])).toBe('api');
    expect(channelModeOf('depop', new Set(['ebay'] as const))).toBe('handed-over');
    expect(handedOverChannels(['depop'])).not.toContain('depop');
    expect(handedOverChannels([])).toContain('depop');
  });

  it('an API-only marketplace is by API, connected or not; one without an API is always handed over', () => {
    for (const connected of [[], ['ebay', 'etsy', 'shopify', 'depop']] as const) {
      expect(channelModeOf('ebay', connected)).toBe('api');
      expect(channelModeOf('etsy', connected)).toBe('api');
      expect(channelModeOf('poshmark', connected)).toBe('handed-over');
      // Every marketplace has exactly one mode.
      for (const channel of channels) expect(['api', 'handed-over']).toContain(channelModeOf(channel, connected));
    }
  });
});
