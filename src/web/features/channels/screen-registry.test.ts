import { describe, expect, it } from 'vitest';
import { signedOutMarketplacePaths, webAppPaths } from '@shared/contracts/web-paths';
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

  it("is one of the app's pages, and opens signed out exactly when its marketplace's pages say so (decision 178)", () => {
    for (const screen of channelScreenList) {
      expect(webAppPaths).toContain(screen.path);
      expect(signedOutMarketplacePaths.includes(screen.path)).toBe(!screen.signedIn);
    }
  });
});
