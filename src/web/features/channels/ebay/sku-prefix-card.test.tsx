import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ebaySkuMessages } from '@shared/domain/ebay-sku';
import { formatGeneratedSku } from '@shared/domain/sku';
import { renderWithProviders } from '@/test/render-with-providers';
import { SkuPrefixCard } from './sku-prefix-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = () => screen.getByLabelText('eBay SKU prefix');
const saveButton = () => screen.getByRole('button', { name: 'Save Prefix' });

describe('SkuPrefixCard', () => {
  it('shows the SKU eBay gets as the seller types, and saves the prefix in capitals', async () => {
    const fetchMock = vi.fn(async () => Response.json({ skuPrefix: 'B2-' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SkuPrefixCard prefix="" />);
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field(), { target: { value: 'b2-' } });
    const example = formatGeneratedSku(1);
    expect(await screen.findByText(`${example} is sent to eBay as B2-${example}`)).toBeTruthy();
    await waitFor(() => expect((saveButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ebay/sku-prefix');
    expect(JSON.parse(init.body as string)).toEqual({ skuPrefix: 'b2-' });
  });

  it('refuses a prefix eBay cannot take as it is typed, long ones too, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SkuPrefixCard prefix="" />);
    fireEvent.change(field(), { target: { value: 'shop 2' } });
    expect(await screen.findByText(ebaySkuMessages.prefixInvalid)).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field(), { target: { value: 'A'.repeat(41) } });
    expect(await screen.findByText(ebaySkuMessages.prefixInvalid)).toBeTruthy();
    fireEvent.submit(field().closest('form')!);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
