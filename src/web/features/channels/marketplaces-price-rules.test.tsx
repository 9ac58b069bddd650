import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assistedPaths } from '@shared/contracts/assisted';
import { channelsPaths } from '@shared/contracts/channels';
import { sellerRegionRoutes } from '@shared/contracts/seller-region';
import { apiChannels } from '@shared/domain/channel-listing';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { ApiPriceRulesSection } from './api-price-rules-section';
import { AssistedChannelsSection } from './assisted/assisted-channels-section';

/** The Marketplaces screen's two price-rule sections for a seller connected to `connected`. */
function open(connected: readonly string[]) {
  const channels = apiChannels.map((channel) => ({
    channel,
    label: channel,
    configured: true,
    simulated: true,
    status: connected.includes(channel) ? 'connected' : 'not-connected',
    accountLabel: null,
    salesReadable: true,
  }));
  const region = {
    country: 'US',
    label: 'United States',
    currency: 'USD',
    locale: 'en-US',
    ebayMarketplaceId: 'EBAY_US',
    productSafety: false,
    source: 'default',
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === channelsPaths.all) return Response.json({ channels });
    if (url === assistedPaths.priceRules) return Response.json({ rules: {} });
    if (url === sellerRegionRoutes.region) return Response.json(region);
    return Response.json(null, { status: 404 });
  });
  renderWithProviders(
    <>
      <ApiPriceRulesSection />
      <AssistedChannelsSection />
    </>,
    { client: createTestQueryClient() },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Marketplaces screen’s price rules', () => {
  it('lists Depop once: with the ones listed by you while it is handed over', async () => {
    open(['ebay']);
    const assisted = screen.getByRole('region', { name: 'Listed by you, prepared by the app' });
    expect(await within(assisted).findByTestId('price-rule-depop')).toBeTruthy();
    expect(screen.getAllByTestId('price-rule-depop')).toHaveLength(1);
    const api = screen.getByRole('region', { name: 'Price on each marketplace' });
    expect(within(api).queryByTestId('price-rule-depop')).toBeNull();
    expect(within(api).getByTestId('price-rule-ebay')).toBeTruthy();
    // Depop lets the app list once connected: the section says so of it, not "no app".
    expect(within(assisted).getByTestId('hand-over-until-connected').textContent).toBe(
      'Depop: listed for you once connected above; until then, prepared here.',
    );
  });

  it('lists Depop once: with eBay, Etsy and Shopify once it is connected by its Seller API', async () => {
    open(['ebay', 'depop']);
    expect(await screen.findAllByTestId('price-rule-poshmark')).toHaveLength(1);
    expect(screen.getAllByTestId('price-rule-depop')).toHaveLength(1);
    const api = screen.getByRole('region', { name: 'Price on each marketplace' });
    expect(within(api).getByTestId('price-rule-depop')).toBeTruthy();
    expect(screen.queryByTestId('hand-over-until-connected')).toBeNull();
  });
});
