import { money } from '@shared/domain/money';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autopilotPaths } from '@shared/contracts/autopilot';
import { renderWithProviders } from '@/test/render-with-providers';
import { AutopilotBatchSheet } from './autopilot-batch-sheet';
import { AutopilotSettingsSheet } from './autopilot-settings-sheet';
import { connectedClient, fakeServer, settings } from './autopilot-test-fetch';
import { ruleErrors } from './rule-draft';

const ids = ['0b8f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a01', '0b8f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a02'];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AutopilotSettingsSheet', () => {
  it('turns the default on with the channels and the price rule', async () => {
    const sent = fakeServer({
      [`GET ${autopilotPaths.settings}`]: settings(),
      [`PUT ${autopilotPaths.settings}`]: ({ body }: { body: unknown }) => body,
    });
    renderWithProviders(<AutopilotSettingsSheet open onOpenChange={() => {}} />, { route: {}, client: connectedClient() });
    const toggle = await screen.findByRole('switch', { name: 'Publish every new product when ready' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // Etsy and Shopify are not connected: neither can be chosen, and each says where to connect it.
    expect(screen.getByRole('checkbox', { name: 'Etsy' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Shopify' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('link', { name: 'Connect it on the Marketplaces screen' })).toHaveLength(2);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('radio', { name: /Comparable listings on eBay/ }));
    fireEvent.change(screen.getByLabelText('Minus or plus (%)'), { target: { value: '-10' } });
    fireEvent.change(screen.getByLabelText('Floor price (optional)'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        path: autopilotPaths.settings,
        body: { enabled: true, channels: ['ebay'], priceBasis: 'comparables', percent: -10, floor: money(1500), holdWithoutCost: false },
      }),
    );
  });

  it('will not turn on with no marketplace chosen', async () => {
    const sent = fakeServer({ [`GET ${autopilotPaths.settings}`]: settings({ channels: ['etsy'] }) });
    renderWithProviders(<AutopilotSettingsSheet open onOpenChange={() => {}} />, { route: {}, client: connectedClient() });
    fireEvent.click(await screen.findByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ruleErrors.channels)).toBeTruthy();
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
  });
});

describe('AutopilotBatchSheet', () => {
  it('puts the chosen products on autopilot and names the ones refused, with why', async () => {
    const added: unknown[] = [];
    const sent = fakeServer({
      [`GET ${autopilotPaths.settings}`]: settings({ floor: money(2000) }),
      [`POST ${autopilotPaths.items}`]: { added: [ids[0]], refused: [{ itemId: ids[1], sku: 'JEANS-2', message: 'It is sold' }] },
    });
    renderWithProviders(<AutopilotBatchSheet itemIds={ids} open onOpenChange={() => {}} onAdded={(answer) => added.push(answer)} />, {
      route: {},
      client: connectedClient(),
    });
    expect(await screen.findByText('2 products selected')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish 2 products when ready' }));
    const outcome = await screen.findByTestId('autopilot-batch-outcome');
    expect(within(outcome).getByText('1 product on autopilot: each goes live as soon as it is ready.')).toBeTruthy();
    expect(within(outcome).getByText('JEANS-2: It is sold')).toBeTruthy();
    expect(sent).toContainEqual({
      method: 'POST',
      path: autopilotPaths.items,
      body: { itemIds: ids, rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: money(2000) } },
    });
    expect(added).toHaveLength(1);
  });
});
