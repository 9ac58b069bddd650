import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelsPaths, type ChannelConnectionStatus } from '@shared/contracts/channels';
import {
  depopPaths,
  depopShopSettingsWords,
  SIMULATED_DEPOP_LABEL,
  type DepopOfferRule,
  type DepopShopSettings,
} from '@shared/contracts/depop';
import { renderWithProviders } from '@/test/render-with-providers';
import { DepopChannelSection, depopSectionWords } from './depop-channel-section';
import { depopOfferRuleWords } from './depop-offer-rule';

const depop = (change: Partial<ChannelConnectionStatus> = {}): ChannelConnectionStatus => ({
  channel: 'depop',
  label: 'Depop',
  configured: true,
  simulated: true,
  status: 'not-connected',
  accountLabel: null,
  salesReadable: false,
  ...change,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * GET /api/channels answers Depop as given (then connected once the code is exchanged), GET of the offer rule the rule
 * as last saved; every other call recorded (a PUT of the rule answers it, or the server's 400 for a percent under 5).
 */
function server(first: ChannelConnectionStatus) {
  const calls: Call[] = [];
  let current = first;
  let rule: DepopOfferRule = { enabled: false, percentOff: 10, askFirst: true };
  let shop: DepopShopSettings = { nationalShipping: null, currency: 'USD' };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === channelsPaths.all && method === 'GET') return Response.json({ channels: [current] });
    if (path === depopPaths.offerRule && method === 'GET') return Response.json(rule);
    if (path === depopPaths.shopSettings && method === 'GET') return Response.json(shop);
    calls.push({ method, path, body: init?.body ? JSON.parse(init.body as string) : null });
    if (path === channelsPaths.connect('depop'))
      return Response.json({ next: 'consent', url: '/simulated-depop/settings/oauth/apps/?x=1' });
    if (path === channelsPaths.connection('depop') && method === 'POST') {
      current = depop({ status: 'connected', accountLabel: 'vintagefinds', salesReadable: true });
      return Response.json({ success: true, message: 'Connected', connection: current });
    }
    if (path === depopPaths.offerRule && method === 'PUT') {
      rule = JSON.parse(init?.body as string) as DepopOfferRule;
      return Response.json(rule);
    }
    if (path === depopPaths.shopSettings && method === 'PUT') {
      shop = { ...shop, ...(JSON.parse(init?.body as string) as Pick<DepopShopSettings, 'nationalShipping'>) };
      return Response.json(shop);
    }
    if (path === channelsPaths.endListings('depop')) return Response.json({ started: 0, up: 0, changing: 0 });
    if (path === channelsPaths.connection('depop') && method === 'DELETE') {
      current = depop();
      return Response.json({ success: true, message: 'Depop shop disconnected.', connection: current });
    }
    return Response.json(null, { status: 404 });
  });
  return calls;
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/channels');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DepopChannelSection', () => {
  it('says Depop is not set up when the server has no Depop, and offers no connect', async () => {
    server(depop({ configured: false, simulated: false }));
    renderWithProviders(<DepopChannelSection />);
    await waitFor(() => expect(screen.getByTestId('depop-status').textContent).toBe(depopSectionWords.notConfigured));
    expect(screen.queryByRole('button', { name: 'Connect Depop' })).toBeNull();
    expect(screen.queryByTestId('simulated-depop-label')).toBeNull();
  });

  it('labels the simulated Depop, and Connect opens Depop’s consent in this tab, remembering it was Depop’s', async () => {
    const calls = server(depop());
    renderWithProviders(<DepopChannelSection />);
    await waitFor(() => expect(screen.getByTestId('depop-status').textContent).toBe('Not connected.'));
    expect(screen.getByTestId('simulated-depop-label').textContent).toBe(SIMULATED_DEPOP_LABEL);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Depop' }));
    await waitFor(() => expect(window.sessionStorage.getItem('consent-channel')).toBe('depop'));
    expect(calls).toEqual([{ method: 'POST', path: channelsPaths.connect('depop'), body: {} }]);
  });

  it('exchanges the code Depop sends back once, cleans the address and says the shop is connected', async () => {
    window.sessionStorage.setItem('consent-channel', 'depop');
    window.history.replaceState(null, '', '/channels?code=abc&state=s1');
    const calls = server(depop());
    renderWithProviders(<DepopChannelSection />);
    expect(await screen.findByText(depopSectionWords.justConnected)).toBeTruthy();
    expect(screen.getByTestId('depop-status').textContent).toBe('Connected: vintagefinds.');
    expect(calls).toEqual([{ method: 'POST', path: channelsPaths.connection('depop'), body: { code: 'abc', state: 's1' } }]);
    expect(window.location.search).toBe('');
    expect(window.sessionStorage.getItem('consent-channel')).toBeNull();
  });

  it('leaves a return from another channel’s consent (Etsy’s) alone', async () => {
    window.sessionStorage.setItem('consent-channel', 'etsy');
    window.history.replaceState(null, '', '/channels?code=abc&state=s1');
    const calls = server(depop());
    renderWithProviders(<DepopChannelSection />);
    await waitFor(() => expect(screen.getByTestId('depop-status').textContent).toBe('Not connected.'));
    expect(calls).toEqual([]);
    expect(window.location.search).toBe('?code=abc&state=s1');
  });

  it('says so when the seller refused on Depop', async () => {
    window.sessionStorage.setItem('consent-channel', 'depop');
    window.history.replaceState(null, '', '/channels?error=access_denied&state=s1');
    const calls = server(depop());
    renderWithProviders(<DepopChannelSection />);
    expect(await screen.findByText(depopSectionWords.denied)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('disconnects only once the seller confirms', async () => {
    const calls = server(depop({ status: 'connected', accountLabel: 'vintagefinds', salesReadable: true }));
    renderWithProviders(<DepopChannelSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Depop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Depop?' });
    expect(within(dialog).getByText(depopSectionWords.disconnectMessage)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.getByTestId('depop-status').textContent).toBe('Not connected.'));
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST ${channelsPaths.endListings('depop')}`,
      `DELETE ${channelsPaths.connection('depop')}`,
    ]);
  });

  it('offers to likers: off until asked, a percent from 5 to 90 said in words, asking first by default; saved as typed', async () => {
    const calls = server(depop({ status: 'connected', accountLabel: 'vintagefinds', salesReadable: true }));
    renderWithProviders(<DepopChannelSection />);
    const rule = await screen.findByRole('group', { name: depopOfferRuleWords.heading });
    expect(within(rule).getByTestId('depop-offer-rule-summary').textContent).toBe('No offer goes to likers.');
    fireEvent.click(within(rule).getByRole('checkbox', { name: depopOfferRuleWords.on }));
    expect(within(rule).getByRole('checkbox', { name: depopOfferRuleWords.askFirst })).toHaveProperty('checked', true);
    const percent = within(rule).getByLabelText('Percent off');
    fireEvent.change(percent, { target: { value: '4' } });
    fireEvent.click(within(rule).getByRole('button', { name: 'Save offers to likers' }));
    expect(await within(rule).findByText(depopOfferRuleWords.percentError)).toBeTruthy();
    // A fraction is refused in words, and the sentence under it does not repeat it.
    fireEvent.change(percent, { target: { value: '12,5' } });
    expect(within(rule).getByTestId('depop-offer-rule-summary').textContent).toContain('an offer at X% off');
    expect(calls).toEqual([]);
    fireEvent.change(percent, { target: { value: '15 %' } });
    fireEvent.click(within(rule).getByRole('checkbox', { name: depopOfferRuleWords.askFirst }));
    expect(within(rule).getByTestId('depop-offer-rule-summary').textContent).toContain('Depop sends an offer at 15% off');
    fireEvent.click(within(rule).getByRole('button', { name: 'Save offers to likers' }));
    await waitFor(() => expect(within(rule).getByRole('status').textContent).toBe(depopOfferRuleWords.saved));
    expect(calls).toEqual([{ method: 'PUT', path: depopPaths.offerRule, body: { enabled: true, percentOff: 15, askFirst: false } }]);
  });

  it('asks the shipping price once for every Depop item, in the shop’s currency, and keeps it', async () => {
    const calls = server(depop({ status: 'connected', accountLabel: 'vintagefinds', salesReadable: true }));
    renderWithProviders(<DepopChannelSection />);
    const form = await screen.findByTestId('depop-shipping-default');
    const field = within(form).getByLabelText(`${depopShopSettingsWords.label} (USD)`);
    fireEvent.change(field, { target: { value: '4.95' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save shipping price' }));
    expect(await within(form).findByRole('status')).toHaveProperty('textContent', depopShopSettingsWords.saved);
    expect(calls).toEqual([
      { method: 'PUT', path: depopPaths.shopSettings, body: { nationalShipping: { amountMinor: 495, currency: 'USD' } } },
    ]);
  });
});
