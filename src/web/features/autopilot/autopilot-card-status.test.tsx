import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autopilotPaths, type AutopilotReason } from '@shared/contracts/autopilot';
import type { ListedItem } from '@shared/contracts/items';
import { renderWithProviders } from '@/test/render-with-providers';
import { autopilotKeys } from './api/autopilot-keys';
import { AutopilotCardStatus } from './autopilot-card-status';
import { fakeServer, reviewItem, runAnswer } from './autopilot-test-fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const held = reviewItem();
const reason = (message: string): AutopilotReason => ({ code: 'aspect', channel: 'etsy', message });
const itemOf = (listings: { channel: string; status: string }[]) => ({ id: held.itemId, sku: held.sku, listings }) as unknown as ListedItem;
const ready = <span>Ready</span>;

describe('AutopilotCardStatus', () => {
  it('says an item held in the review queue waits for the seller, with how much is left, not Ready', async () => {
    fakeServer({
      [`GET ${autopilotPaths.run}`]: runAnswer({ review: [{ ...held, reasons: [reason('When was it made?'), reason('Size')] }] }),
    });
    renderWithProviders(<AutopilotCardStatus item={itemOf([])} status={ready} />, { route: {} });
    expect((await screen.findByTestId('badge-autopilot-waiting')).textContent).toBe(' Waiting for you · 2 to answer');
    expect(screen.queryByText('Ready')).toBeNull();
  });

  it('shows the card’s own status for an item not held, or live somewhere already', async () => {
    const sent = fakeServer({ [`GET ${autopilotPaths.run}`]: runAnswer({ review: [{ ...held, reasons: [reason('Size')] }] }) });
    const { client } = renderWithProviders(<AutopilotCardStatus item={itemOf([{ channel: 'ebay', status: 'live' }])} status={ready} />, {
      route: {},
    });
    await waitFor(() => expect(sent.some((request) => request.path === autopilotPaths.run)).toBe(true));
    await waitFor(() => expect(client.getQueryData(autopilotKeys.run())).toBeTruthy());
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(screen.queryByTestId('badge-autopilot-waiting')).toBeNull();
  });
});
