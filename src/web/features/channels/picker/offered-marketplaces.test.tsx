import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerRegionResponse } from '@shared/contracts/seller-region';
import { sellerRegionOf, type SellerCountry } from '@shared/domain/seller-region';
import { channelConnectionsKey } from '@/entities/channels/use-channel-connections';
import { sellerRegionKey } from '@/entities/seller-region/use-seller-region';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { OtherMarketplaces } from '../assisted/other-marketplaces';
import { ChannelPicker } from './channel-picker';

/** A marketplace that does not serve the seller's country is not offered (no Mercari for a UK seller). */
beforeEach(() => {
  // Every other read of the screens (connections...) answers 404: not what these tests look at.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function sellerIn(country: SellerCountry) {
  const client = createTestQueryClient();
  client.setQueryData<SellerRegionResponse>(sellerRegionKey, { ...sellerRegionOf(country), source: 'seller' });
  return client;
}

/** The marketplaces the picker offers to list on yourself (Depop, an API channel now, publishes for the seller). */
const offeredIn = (container: HTMLElement) => {
  const yourself = within(container).getByRole('group', { name: 'Marketplaces you list on yourself' });
  return ['poshmark', 'mercari', 'depop', 'vinted', 'grailed'].filter((channel) =>
    yourself.querySelector(`[data-testid="picker-${channel}"]`),
  );
};

describe('the marketplaces offered to a seller', () => {
  it.each([
    ['US', ['poshmark', 'mercari', 'vinted', 'grailed']],
    ['GB', ['vinted', 'grailed']],
    ['DE', ['vinted', 'grailed']],
  ] as const)('in %s, the channel picker offers %j to list on yourself', async (country, offered) => {
    renderWithProviders(<ChannelPicker itemIds={['0b8f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b']} open onOpenChange={() => {}} />, {
      client: sellerIn(country),
      route: {},
    });
    const picker = await screen.findByTestId('channel-picker');
    await waitFor(() => expect(offeredIn(picker)).toEqual(offered));
  });

  it("in the UK, a listing's other marketplaces are Depop, Vinted and Grailed", async () => {
    renderWithProviders(<OtherMarketplaces itemId="0b8f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b" />, { client: sellerIn('GB') });
    const section = await screen.findByTestId('other-marketplaces');
    await waitFor(() => expect([...section.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Depop', 'Vinted', 'Grailed']));
  });

  it('no hand-over button shows until the connections are read, so none moves under a finger', async () => {
    // The connections' answer is held back: Depop (handed over only while not connected) would come in before Vinted.
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', (input: RequestInfo | URL) =>
      String(input).includes('/api/channels')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(new Response('{}', { status: 404 })),
    );
    renderWithProviders(<OtherMarketplaces itemId="0b8f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b" />, { client: sellerIn('GB') });
    const section = await screen.findByTestId('other-marketplaces');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(section.querySelectorAll('button')).toHaveLength(0);
    answer(new Response(JSON.stringify({ channels: [] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect([...section.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Depop', 'Vinted', 'Grailed']));
  });

  it('a seller whose Depop is connected by its API gets no hand-over for Depop: the app lists there itself', async () => {
    const client = sellerIn('GB');
    client.setQueryData(channelConnectionsKey, {
      channels: [
        {
          channel: 'depop',
          label: 'Depop',
          configured: true,
          simulated: true,
          status: 'connected',
          accountLabel: 'shop',
          salesReadable: true,
        },
      ],
    });
    renderWithProviders(<OtherMarketplaces itemId="0b8f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b" />, { client });
    const section = await screen.findByTestId('other-marketplaces');
    expect([...section.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Vinted', 'Grailed']);
  });
});
