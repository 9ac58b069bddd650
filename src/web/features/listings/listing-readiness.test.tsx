import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelConnectionStatus } from '@shared/contracts/channels';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { apiChannels, channelNames, type ApiChannel } from '@shared/domain/channel-listing';
import { readinessMessages } from '@shared/domain/readiness';
import { makeListingItem } from '@/test/make-listing-item';
import { renderWithProviders } from '@/test/render-with-providers';
import { ListingReadiness } from './listing-readiness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = makeListingItem({ aiGenerationStatus: 'completed', category: 'Mens Jeans', condition: 'good', photoCount: 1 });

const readiness: ReadinessResponse = {
  itemId: item.id,
  isValid: false,
  errors: [
    readinessMessages.outOfDate,
    'eBay account not connected',
    'eBay business policies not configured (Payment, Fulfillment, Return)',
  ],
  warnings: [],
  checklist: {
    hasTitle: true,
    hasDescription: true,
    hasImages: true,
    hasCategory: true,
    hasCondition: true,
    hasBrand: true,
    hasPrice: true,
    hasPolicies: false,
    hasLocation: false,
    hasConnection: false,
  },
  score: 60,
  preflight: { checked: false, unavailable: null, problems: [], categorySuggestions: [], condition: null },
  canPublish: false,
};

/** The server: this readiness, and these marketplaces connected. */
function serve(connected: ApiChannel[]) {
  const entry = (channel: ApiChannel): ChannelConnectionStatus => ({
    channel,
    label: channelNames[channel],
    configured: true,
    simulated: true,
    status: connected.includes(channel) ? 'connected' : 'not-connected',
    accountLabel: null,
    salesReadable: true,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/readiness') ? Response.json(readiness) : Response.json({ channels: apiChannels.map(entry) }),
    ),
  );
}

describe('the listing’s readiness for a seller who sells elsewhere', () => {
  it('says in one line that eBay is not connected, not its account’s errors; an out-of-date listing still says so', async () => {
    serve(['depop']);
    renderWithProviders(<ListingReadiness item={item} onRegenerate={vi.fn()} />, { route: {} });
    const line = await screen.findByTestId('readiness-not-connected');
    expect(line.textContent).toContain('eBay is not connected: what eBay asks shows once you connect it.');
    expect(line.textContent).toContain(readinessMessages.outOfDate);
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(screen.queryByText('eBay account not connected')).toBeNull();
    expect(screen.queryByTestId('readiness-panel')).toBeNull();
  });

  it('shows eBay’s whole readiness while no marketplace is connected (a newcomer’s next step)', async () => {
    serve([]);
    renderWithProviders(<ListingReadiness item={item} />, { route: {} });
    expect(await screen.findByText('eBay account not connected')).toBeTruthy();
    expect(screen.queryByTestId('readiness-not-connected')).toBeNull();
  });
});
