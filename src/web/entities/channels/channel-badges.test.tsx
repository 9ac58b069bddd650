import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelListingView } from '@shared/contracts/items';
import { ChannelBadges } from './channel-badges';

afterEach(cleanup);

const listing = (overrides: Partial<ChannelListingView>): ChannelListingView => ({
  price: null,
  ownPrice: false,
  priceSource: null,
  priceBasis: null,
  quantity: 1,
  change: null,
  part: {},
  channel: 'depop',
  status: 'live',
  url: null,
  error: null,
  delistTask: false,
  ...overrides,
});
const itemId = '00000000-0000-4000-8000-000000000001';

describe('ChannelBadges', () => {
  it('says where a save goes: a live listing being revised is "Updating on ...", one whose change was refused says why', () => {
    const refused = 'Failed to update on Shopify: $20.00 is under your floor. Not sent: confirm this price, or set another.';
    render(
      <ChannelBadges
        itemId={itemId}
        listings={[
          listing({ channel: 'depop', status: 'live', change: 'revise', url: 'https://depop.example/products/1' }),
          listing({ channel: 'etsy', status: 'live', change: 'revise' }),
          listing({ channel: 'shopify', status: 'live', error: refused, url: 'https://shop.example/products/1' }),
        ]}
      />,
    );
    expect(screen.getByTestId('channel-badge-depop').textContent).toContain('Updating on Depop...');
    expect(screen.getByTestId('channel-badge-etsy').textContent).toContain('Updating on Etsy...');
    expect(screen.getByRole('link', { name: 'Live on Shopify' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(refused);
  });

  it('shows each channel’s status in words, a live one as a link, and leaves out eBay when asked', () => {
    render(
      <ChannelBadges
        itemId={itemId}
        except={['ebay']}
        listings={[
          listing({ channel: 'ebay', status: 'live', url: 'https://ebay.example/itm/1' }),
          listing({ channel: 'poshmark', status: 'live', url: 'https://poshmark.com/listing/1' }),
          listing({ channel: 'mercari', status: 'sold' }),
          listing({ channel: 'vinted', status: 'ended' }),
          listing({ channel: 'grailed', status: 'publishing' }),
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Live on Poshmark' }).getAttribute('href')).toBe('https://poshmark.com/listing/1');
    expect(screen.getByText('Sold on Mercari')).toBeTruthy();
    expect(screen.getByText('Ended on Vinted')).toBeTruthy();
    expect(screen.getByText('Publishing on Grailed...')).toBeTruthy();
    expect(screen.queryByText(/eBay/)).toBeNull();
  });

  it('a delist task is amber with the listing’s link; a prepared listing opens the handover; a failure reads on tap', () => {
    const onOpenHandover = vi.fn();
    render(
      <ChannelBadges
        itemId={itemId}
        onOpenHandover={onOpenHandover}
        listings={[
          listing({ channel: 'poshmark', status: 'live', url: 'https://poshmark.com/listing/1', delistTask: true }),
          listing({ channel: 'depop', status: 'draft' }),
          listing({ channel: 'ebay', status: 'failed', error: 'Add the department.' }),
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Delist from Poshmark' }).getAttribute('href')).toBe('https://poshmark.com/listing/1');
    fireEvent.click(screen.getByRole('button', { name: 'Ready to list on Depop' }));
    expect(onOpenHandover).toHaveBeenCalledWith(itemId, 'depop');
    const failed = screen.getByRole('button', { name: 'Failed on eBay' });
    expect(failed.getAttribute('title')).toBe('Add the department.');
    fireEvent.click(failed);
    expect(screen.getByRole('note').textContent).toBe('Add the department.');
  });

  it('shows nothing for a draft saved on an API channel', () => {
    const { container } = render(<ChannelBadges itemId={itemId} listings={[listing({ channel: 'ebay', status: 'draft' })]} />);
    expect(container.innerHTML).toBe('');
  });

  it('a sold item’s listing still live on an API channel says "Still live on Etsy" in amber, not "Live"', () => {
    render(
      <ChannelBadges
        itemId={itemId}
        except={['ebay']}
        listings={[
          listing({ channel: 'ebay', status: 'sold' }),
          listing({ channel: 'etsy', status: 'live', url: 'https://www.etsy.com/listing/7', error: 'Etsy is down' }),
          listing({ channel: 'shopify', status: 'ended' }),
        ]}
      />,
    );
    const badge = screen.getByRole('link', { name: 'Still live on Etsy' });
    expect(badge.getAttribute('href')).toBe('https://www.etsy.com/listing/7');
    expect(badge.dataset.status).toBe('still-live');
    expect(badge.className).toContain('amber');
    expect(screen.queryByText('Live on Etsy')).toBeNull();
    expect(screen.getByText('Ended on Shopify')).toBeTruthy();
  });

  it('an item not sold out keeps "Live on Etsy"', () => {
    render(
      <ChannelBadges itemId={itemId} listings={[listing({ channel: 'etsy', status: 'live', url: 'https://www.etsy.com/listing/8' })]} />,
    );
    expect(screen.getByRole('link', { name: 'Live on Etsy' })).toBeTruthy();
  });

  it('says "Sale cancelled on Shopify" once the seller marked the Shopify sale of a double sale cancelled', () => {
    const listings = [listing({ channel: 'ebay', status: 'sold' }), listing({ channel: 'shopify', status: 'sold' })];
    const { rerender } = render(<ChannelBadges itemId={itemId} listings={listings} saleChannels={['ebay', 'shopify']} />);
    expect(screen.getByTestId('channel-badge-shopify').textContent).toBe('Sold on Shopify');
    rerender(<ChannelBadges itemId={itemId} listings={listings} saleChannels={['ebay']} />);
    expect(screen.getByTestId('channel-badge-shopify').textContent).toBe('Sale cancelled on Shopify');
    expect(screen.getByTestId('channel-badge-shopify').getAttribute('data-status')).toBe('sale-cancelled');
    expect(screen.getByTestId('channel-badge-ebay').textContent).toBe('Sold on eBay');
  });
});
