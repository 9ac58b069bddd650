import { describe, expect, it } from 'vitest';
import { channelsPaths } from './channels';
import { itemsPaths } from './items';
import { listingsPaths } from './listings';
import { profitPaths } from './profit';
import { fillPattern, pathsOf } from './route-paths';

describe('route paths from their patterns', () => {
  it('keeps a pattern with no parameter as it is, and fills each parameter in order, encoded', () => {
    const paths = pathsOf({ all: '/api/channels', sale: '/api/items/:id/channels/:channel/sale' } as const);
    expect(paths.all).toBe('/api/channels');
    expect(paths.sale('a/b', 'ebay')).toBe('/api/items/a%2Fb/channels/ebay/sale');
    expect(fillPattern('/api/items/:id', ['x y'])).toBe('/api/items/x%20y');
  });

  it('gives the browser the URLs it was given before the paths were taken from the patterns', () => {
    expect(listingsPaths.collection).toBe('/api/listings');
    expect(listingsPaths.regenerate('i-1')).toBe('/api/items/i-1/listing/regenerate');
    expect(itemsPaths.imageRotate('i-1', 'p?2')).toBe('/api/items/i-1/images/p%3F2/rotate');
    expect(channelsPaths.connect('depop')).toBe('/api/channels/depop/connect');
    expect(channelsPaths.delisted('i-1', 'vinted')).toBe('/api/items/i-1/channels/vinted/delisted');
    // A path with a query stays its own.
    expect(profitPaths.months('Europe/London')).toBe('/api/profit?tz=Europe%2FLondon');
    expect(profitPaths.sale('s-1')).toBe('/api/sales/s-1');
  });
});
