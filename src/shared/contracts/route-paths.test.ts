import { describe, expect, it } from 'vitest';
import { channelsPaths } from './channels';
import { itemsPaths } from './items';
import { listingsPaths } from './listings';
import { profitApi, profitPaths } from './profit';
import { fillPattern, pathsOf, routeUrl } from './route-paths';

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
    // A query follows the filled pattern; a value left out is not sent.
    expect(routeUrl({ path: '/api/autopilot/items/:id/asks' }, { id: 'i 1' }, { category: 'Mens Jeans', department: null })).toBe(
      '/api/autopilot/items/i%201/asks?category=Mens+Jeans',
    );
    expect(routeUrl(profitApi.months, {}, { tz: 'Europe/London' })).toBe('/api/profit?tz=Europe%2FLondon');
    expect(profitPaths.sale('s-1')).toBe('/api/sales/s-1');
  });
});
