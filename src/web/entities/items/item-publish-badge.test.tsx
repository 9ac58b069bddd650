import { cleanup, render, screen } from '@testing-library/react';
import { money } from '@shared/domain/money';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelListingView, ListedItem } from '@shared/contracts/items';
import { ItemListingStateBadges } from './item-publish-badge';

afterEach(cleanup);

const listing = (overrides: Partial<ChannelListingView>): ChannelListingView => ({
  price: null,
  ownPrice: false,
  priceSource: null,
  priceBasis: null,
  quantity: 1,
  change: null,
  part: { settingsSaved: true },
  channel: 'ebay',
  status: 'live',
  url: 'https://www.ebay.com/itm/1',
  error: null,
  delistTask: false,
  ...overrides,
});
const sale: ListedItem['sale'] = {
  channel: 'etsy',
  price: money(2900),
  shipping: money(0),
  soldAt: '2026-11-26T10:00:00.000Z',
  quantity: 1,
};

describe('ItemListingStateBadges', () => {
  it('sold on Etsy while the eBay listing is still live: Sold, and "Still live on eBay" in amber, never Published', () => {
    render(<ItemListingStateBadges item={{ sale, listings: [listing({}), listing({ channel: 'etsy', status: 'sold', url: null })] }} />);
    expect(screen.getByTestId('badge-sold')).toBeTruthy();
    const stillLive = screen.getByRole('link', { name: 'Still live on eBay' });
    expect(stillLive.getAttribute('href')).toBe('https://www.ebay.com/itm/1');
    expect(stillLive.className).toContain('amber');
    expect(screen.queryByTestId('badge-published')).toBeNull();
  });

  it('not sold out: the eBay listing is Published', () => {
    render(<ItemListingStateBadges item={{ sale: null, listings: [listing({})] }} />);
    expect(screen.getByTestId('badge-published')).toBeTruthy();
    expect(screen.queryByText('Still live on eBay')).toBeNull();
  });
});
