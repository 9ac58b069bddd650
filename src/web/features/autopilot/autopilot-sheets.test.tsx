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
    // Etsy, Shopify and Depop are not connected: none can be chosen, and each says where to connect it.
    expect(screen.getByRole('checkbox', { name: 'Etsy' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Shopify' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Depop' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('link', { name: 'Connect it on the Marketplaces screen' })).toHaveLength(3);
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

  it('says a floor finer than a cent as it is and sends nothing; typed right, it sends it with the products held', async () => {
    const sent = fakeServer({
      [`GET ${autopilotPaths.settings}`]: settings({ enabled: true }),
      [`PUT ${autopilotPaths.settings}`]: ({ body }: { body: unknown }) => body,
    });
    renderWithProviders(<AutopilotSettingsSheet open onOpenChange={() => {}} />, { route: {}, client: connectedClient() });
    const floor = await screen.findByLabelText('Floor price (optional)');
    fireEvent.change(floor, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An amount can have at most 2 decimals')).toBeTruthy();
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    // Said until the next Save, as before.
    fireEvent.change(floor, { target: { value: '12.50' } });
    expect(screen.getByText('An amount can have at most 2 decimals')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hold products without a cost' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        path: autopilotPaths.settings,
        body: { enabled: true, channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: money(1250), holdWithoutCost: true },
      }),
    );
    expect(screen.queryByText('An amount can have at most 2 decimals')).toBeNull();
  });

  it('turned off, keeps the saved rule when the one typed is not right', async () => {
    const saved = settings({ enabled: true, floor: money(1500) });
    const sent = fakeServer({
      [`GET ${autopilotPaths.settings}`]: saved,
      [`PUT ${autopilotPaths.settings}`]: ({ body }: { body: unknown }) => body,
    });
    renderWithProviders(<AutopilotSettingsSheet open onOpenChange={() => {}} />, { route: {}, client: connectedClient() });
    const toggle = await screen.findByRole('switch', { name: 'Publish every new product when ready' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'eBay' }));
    fireEvent.change(screen.getByLabelText('Floor price (optional)'), { target: { value: 'ten' } });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Off: new products wait for you. You can still choose products on the dashboard.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        path: autopilotPaths.settings,
        body: { ...saved, enabled: false, holdWithoutCost: false },
      }),
    );
  });

  it('says the server’s refusal in its words', async () => {
    fakeServer({ [`GET ${autopilotPaths.settings}`]: settings() });
    renderWithProviders(<AutopilotSettingsSheet open onOpenChange={() => {}} />, { route: {}, client: connectedClient() });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not found')).toBeTruthy();
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

  it('asks for a floor that is an amount before sending, then sends the comparables’ rule', async () => {
    const sent = fakeServer({
      [`GET ${autopilotPaths.settings}`]: settings(),
      [`POST ${autopilotPaths.items}`]: { added: ids, refused: [] },
    });
    renderWithProviders(<AutopilotBatchSheet itemIds={ids} open onOpenChange={() => {}} />, { route: {}, client: connectedClient() });
    fireEvent.click(await screen.findByRole('radio', { name: /Comparable listings on eBay/ }));
    fireEvent.change(screen.getByLabelText('Minus or plus (%)'), { target: { value: '-10' } });
    fireEvent.change(screen.getByLabelText('Floor price (optional)'), { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish 2 products when ready' }));
    expect(await screen.findByText(ruleErrors.floor)).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('Floor price (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish 2 products when ready' }));
    expect(await screen.findByTestId('autopilot-batch-outcome')).toBeTruthy();
    expect(sent).toContainEqual({
      method: 'POST',
      path: autopilotPaths.items,
      body: { itemIds: ids, rule: { channels: ['ebay'], priceBasis: 'comparables', percent: -10, floor: null } },
    });
  });
});
