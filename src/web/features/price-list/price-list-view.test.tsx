import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMoneyLocale } from '@shared/domain/money';
import type { PriceListResponse } from '@shared/contracts/price-list';
import { priceListKeys } from '@/entities/price-list/use-price-list';
import { renderWithProviders } from '@/test/render-with-providers';
import { PriceListView } from './price-list-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMoneyLocale('en-US');
});

/** The server: a list in euros (empty unless `adjustments`); every PUT recorded and answered as saved. */
function server(adjustments: { condition: string; percent: number }[] = []) {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      puts.push(body);
      return Response.json({ ...body, answered: true, sellerCurrency: 'EUR' });
    }
    return Response.json({ currency: 'EUR', rows: [], adjustments, answered: false, sellerCurrency: 'EUR' });
  });
  return puts;
}

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save my price list' }));

describe('PriceListView (a German seller, in euros)', () => {
  it('reads "39,99" and "39.99" as the same amount and saves them in cents', async () => {
    setMoneyLocale('de-DE');
    const puts = server();
    renderWithProviders(<PriceListView />, { route: {} });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Mens Jeans' }), { target: { value: '39,99' } });
    fireEvent.change(field('Mens Tops'), { target: { value: '39.99' } });
    fireEvent.change(screen.getByLabelText('Good'), { target: { value: '-20' } });
    save();
    expect(await screen.findByText('Your price list is saved.')).toBeTruthy();
    expect(puts).toEqual([
      {
        currency: 'EUR',
        rows: [
          { category: 'Mens Jeans', amountMinor: 3999 },
          { category: 'Mens Tops', amountMinor: 3999 },
        ],
        adjustments: [{ condition: 'good', percent: -20 }],
      },
    ]);
  });

  it('refuses dollars and a percent out of range in words, on their own fields; the rest of the list is saved', async () => {
    setMoneyLocale('de-DE');
    const puts = server();
    renderWithProviders(<PriceListView />, { route: {} });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Shoes' }), { target: { value: '$18' } });
    fireEvent.change(field('Mens Tops'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Fair'), { target: { value: '-120' } });
    save();
    await waitFor(() => expect(screen.getByTestId('price-list-refused').textContent).toContain('Fair: type a whole percent'));
    expect(screen.getByTestId('price-list-refused').textContent).toContain('Shoes: type a price in euros (EUR), like 15 or 19,99');
    expect(field('Shoes').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Fair').getAttribute('aria-invalid')).toBe('true');
    expect(field('Mens Tops').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(puts).toEqual([{ currency: 'EUR', rows: [{ category: 'Mens Tops', amountMinor: 1500 }], adjustments: [] }]));
    expect(await screen.findByText('The rest of your price list is saved; what is marked keeps what you saved before.')).toBeTruthy();
  });

  it('reads a percent in the seller’s locale; "-12,5" refuses Fair only, which keeps its saved -20%', async () => {
    setMoneyLocale('de-DE');
    const puts = server([{ condition: 'fair', percent: -20 }]);
    renderWithProviders(<PriceListView />, { route: {} });
    fireEvent.change(await screen.findByLabelText('Fair'), { target: { value: '-12,5' } });
    fireEvent.change(screen.getByLabelText('Good'), { target: { value: '−10 %' } });
    save();
    await waitFor(() => expect(screen.getByTestId('price-list-refused').textContent).toContain('Fair: type a whole percent'));
    expect(screen.getByLabelText('Good').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() =>
      expect(puts).toEqual([
        {
          currency: 'EUR',
          rows: [],
          adjustments: [
            { condition: 'good', percent: -10 },
            { condition: 'fair', percent: -20 },
          ],
        },
      ]),
    );
  });

  it('starts again in euros when the seller moves from the UK to Germany, the pounds list shown apart', async () => {
    const inPounds: PriceListResponse = {
      currency: 'GBP',
      rows: [{ category: 'Mens Jeans', amountMinor: 2200 }],
      adjustments: [],
      answered: true,
      sellerCurrency: 'GBP',
    } as PriceListResponse;
    let answer = inPounds;
    vi.stubGlobal('fetch', async () => Response.json(answer));
    const { client } = renderWithProviders(<PriceListView />, { route: {} });
    expect(await screen.findByRole('heading', { name: 'Your price by category, in pounds (GBP)' })).toBeTruthy();
    answer = { ...inPounds, sellerCurrency: 'EUR' };
    await client.invalidateQueries({ queryKey: priceListKeys.all });
    expect(await screen.findByRole('heading', { name: 'Your price by category, in euros (EUR)' })).toBeTruthy();
    expect(screen.getByText('Your price list is in pounds (GBP)')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Mens Jeans' }) as HTMLInputElement).value).toBe('');
  });

  it('asks what to do with what was typed in the old currency and not saved when the seller moves country', async () => {
    const inPounds = { currency: 'GBP', rows: [], adjustments: [], answered: true, sellerCurrency: 'GBP' } as unknown as PriceListResponse;
    let answer = inPounds;
    const puts: unknown[] = [];
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') puts.push(JSON.parse(init.body as string));
      return Response.json(answer);
    });
    const { client } = renderWithProviders(<PriceListView />, { route: {} });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Mens Jeans' }), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Good'), { target: { value: '-10' } });
    answer = { ...inPounds, sellerCurrency: 'EUR' } as PriceListResponse;
    await client.invalidateQueries({ queryKey: priceListKeys.all });
    expect(await screen.findByRole('heading', { name: 'Your price by category, in euros (EUR)' })).toBeTruthy();
    expect(screen.getByTestId('price-list-typed-lost').textContent).toBe(
      'You now sell in euros (EUR). What you had typed in pounds (GBP) was not saved, and prices are never converted: use the same numbers as euros (EUR), or type new ones.',
    );
    expect((field('Mens Jeans') as HTMLInputElement).value).toBe('');

    // The seller takes their numbers back, as euros: the form holds them, said, and nothing is saved until they save.
    fireEvent.click(screen.getByRole('button', { name: 'Use the same numbers, as euros (EUR)' }));
    await waitFor(() => expect((field('Mens Jeans') as HTMLInputElement).value).toBe('20'));
    expect((screen.getByLabelText('Good') as HTMLInputElement).value).toBe('-10');
    expect(screen.getByTestId('price-list-typed-used').textContent).toBe(
      'Your numbers are back in the form, as euros (EUR): check them and save.',
    );
    expect(screen.queryByTestId('price-list-typed-lost')).toBeNull();
    expect(puts).toEqual([]);
    save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ currency: 'EUR', rows: [{ category: 'Mens Jeans', amountMinor: 2000 }] });
  });

  it('says nothing of the kind when nothing was typed', async () => {
    const inPounds = { currency: 'GBP', rows: [], adjustments: [], answered: true, sellerCurrency: 'GBP' } as unknown as PriceListResponse;
    let answer = inPounds;
    vi.stubGlobal('fetch', async () => Response.json(answer));
    const { client } = renderWithProviders(<PriceListView />, { route: {} });
    await screen.findByRole('textbox', { name: 'Mens Jeans' });
    answer = { ...inPounds, sellerCurrency: 'EUR' } as PriceListResponse;
    await client.invalidateQueries({ queryKey: priceListKeys.all });
    expect(await screen.findByRole('heading', { name: 'Your price by category, in euros (EUR)' })).toBeTruthy();
    expect(screen.queryByTestId('price-list-typed-lost')).toBeNull();
  });
});
