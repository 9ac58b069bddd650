import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMoneyLocale } from '@shared/domain/money';
import { renderWithProviders } from '@/test/render-with-providers';
import { ProfitFloorSettingsForm } from './profit-floor-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMoneyLocale('en-US');
});

/** A German seller's settings in euros; every PUT recorded and answered as saved. */
function server() {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as unknown;
      puts.push(body);
      return Response.json(body);
    }
    if (url.includes('profit-floor'))
      return Response.json({
        currency: 'EUR',
        shippingCost: { amountMinor: 500, currency: 'EUR' },
        minimumMargin: { kind: 'amount', amount: { amountMinor: 0, currency: 'EUR' } },
      });
    return Response.json({
      country: 'DE',
      label: 'Germany',
      currency: 'EUR',
      locale: 'de-DE',
      ebayMarketplaceId: 'EBAY_DE',
      productSafety: true,
    });
  });
  return puts;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('ProfitFloorSettingsForm (a German seller)', () => {
  it('reads "39,99" as 39,99 € and a margin in percent with a decimal comma, and says Saved', async () => {
    setMoneyLocale('de-DE');
    const puts = server();
    renderWithProviders(<ProfitFloorSettingsForm />);
    const shipping = await screen.findByRole('textbox', { name: 'Usual shipping cost (EUR)' });
    expect((shipping as HTMLInputElement).value).toBe('5,00');
    // What 0 means is said under the field, and read with it.
    expect(screen.getByText('At 0, a sale counts what its buyer paid for shipping as your postage, not as profit.').id).toBe(
      shipping.getAttribute('aria-describedby')?.split(' ')[0],
    );
    fireEvent.change(shipping, { target: { value: '39,99' } });
    fireEvent.change(screen.getByLabelText('Minimum margin as'), { target: { value: 'percent' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Minimum margin (%)' }), { target: { value: '12,5' } });
    save();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved');
    expect(puts).toEqual([
      { currency: 'EUR', shippingCost: { amountMinor: 3999, currency: 'EUR' }, minimumMargin: { kind: 'percent', basisPoints: 1250 } },
    ]);
  });

  it('refuses an amount it cannot read on its field, and the refusal goes once it is typed right', async () => {
    setMoneyLocale('de-DE');
    const puts = server();
    renderWithProviders(<ProfitFloorSettingsForm />);
    const margin = await screen.findByRole('textbox', { name: 'Minimum margin (EUR)' });
    fireEvent.change(margin, { target: { value: '$18' } });
    save();
    expect(await screen.findByText('An amount of EUR with at most 2 decimals, 0 or more')).toBeTruthy();
    expect(margin.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(margin, { target: { value: '18' } });
    await waitFor(() => expect(screen.queryByText('An amount of EUR with at most 2 decimals, 0 or more')).toBeNull());
    expect(screen.getByText('= 18,00 €')).toBeTruthy();
    expect(puts).toEqual([]);
  });
});
