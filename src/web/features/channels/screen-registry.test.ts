import { describe, expect, it } from 'vitest';
import { webChannels } from './registry';
import { channelScreenList } from './screen-registry';

describe('the channels’ own screens (decision 094)', () => {
  it('lists every WebChannel’s screens, and only them', () => {
    expect(channelScreenList).toEqual(webChannels.flatMap((channel) => channel.screens ?? []));
  });

  it('gives each screen its own path', () => {
    const paths = channelScreenList.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/ebay');
  });
});
