import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelsPaths } from '@shared/contracts/channels';
import { shopifyMessages, shopifyPaths } from '@shared/contracts/shopify';
import { renderWithProviders } from '@/test/render-with-providers';
import { ShopifyChannelSection } from './shopify-channel-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Shopify configured, no store yet (or `connection`); every connect recorded, answered with the store's address asked
 * again.
 */
function server(connection: unknown = null) {
  const connects: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === shopifyPaths.connection) return Response.json({ configured: true, connection });
    if (path === channelsPaths.connect('shopify') && init?.method === 'POST') {
      connects.push(JSON.parse(init.body as string));
      return Response.json({ next: 'form', fields: ['shop'], message: shopifyMessages.badDomain });
    }
    return Response.json(null, { status: 404 });
  });
  return connects;
}

async function open(buttonName = 'Connect Shopify') {
  renderWithProviders(<ShopifyChannelSection />);
  const form = await screen.findByRole('form', { name: 'Connect your Shopify store' });
  const field = within(form).getByLabelText('Your store’s Shopify address') as HTMLInputElement;
  const button = within(form).getByRole('button', { name: buttonName });
  return { form, field, button };
}

describe('ShopifyChannelSection', () => {
  it('sends the store’s address as typed (trimmed), and says what Shopify answers', async () => {
    const connects = server();
    const { field, button } = await open();
    expect(screen.getByTestId('shopify-status').textContent).toBe('Not connected.');
    fireEvent.change(field, { target: { value: ' vintage-finds ' } });
    fireEvent.click(button);
    await waitFor(() => expect(connects).toEqual([{ shop: 'vintage-finds' }]));
    expect((await screen.findByRole('alert')).textContent).toBe(shopifyMessages.badDomain);
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends nothing while the address is empty (the browser asks for it)', async () => {
    const connects = server();
    const { field, button } = await open();
    expect(field.required).toBe(true);
    fireEvent.click(button);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connects).toEqual([]);
  });

  it('says by the field an address of spaces alone, which the contract refuses, and sends nothing', async () => {
    const connects = server();
    const { field, button } = await open();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(button);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(shopifyMessages.badDomain)).toBeTruthy();
    expect(connects).toEqual([]);
  });

  it('reconnecting a store whose token Shopify refused, holds its address: one tap connects it again', async () => {
    const connects = server({
      status: 'expired',
      shop: { domain: 'vintage-finds.myshopify.com', name: 'Vintage Finds' },
      connectedAt: '2026-11-30T10:00:00.000Z',
    });
    const { field, button } = await open('Reconnect Shopify');
    expect(field.value).toBe('vintage-finds.myshopify.com');
    fireEvent.click(button);
    await waitFor(() => expect(connects).toEqual([{ shop: 'vintage-finds.myshopify.com' }]));
  });
});
