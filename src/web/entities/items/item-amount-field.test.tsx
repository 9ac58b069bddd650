import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { money, setMoneyLocale } from '@shared/domain/money';
import { renderWithProviders } from '@/test/render-with-providers';
import { ItemAmountField } from './item-amount-field';
import { makeListingItem } from '@/test/make-listing-item';

afterEach(() => {
  cleanup();
  // @ts-expect-error jsdom has none: the one test that brings a question into view gave it one
  delete Element.prototype.scrollIntoView;
  vi.unstubAllGlobals();
  setMoneyLocale('en-US');
});

/** The cost field on an item in `currency`; the PATCH bodies it sends. */
function renderCost(currency: string) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { cost: unknown };
      sent.push(body);
      return new Response(JSON.stringify(makeListingItem({ currency, cost: body.cost as never })), { status: 200 });
    }),
  );
  renderWithProviders(
    <ItemAmountField amount="cost" itemId="11111111-1111-4111-8111-111111111111" sku="PSTFSH-001" saved={null} currency={currency} />,
  );
  // Its name says the words its label shows first, then the SKU (one field of many on a batch).
  const field = screen.getByRole('textbox', { name: 'Cost (what you paid, optional) of PSTFSH-001' });
  const leaveWith = (text: string) => {
    fireEvent.change(field, { target: { value: text } });
    fireEvent.blur(field);
  };
  return { sent, field, leaveWith };
}

describe('the cost field (the cost dialog and the created batch)', () => {
  it('saves "5,50" as 5,50 € in de-DE, never 550 or 5.5 of something else, and says the amount back before', async () => {
    setMoneyLocale('de-DE');
    const { sent, field, leaveWith } = renderCost('EUR');
    fireEvent.change(field, { target: { value: '5,50' } });
    expect(screen.getByTestId('money-field-amount').textContent).toBe('= 5,50\u00a0€');
    leaveWith('5,50');
    await waitFor(() => expect(sent).toEqual([{ cost: money(550, 'EUR') }]));
    expect((field as HTMLInputElement).value).toBe('5,50');
  });

  it('saves "39,99" in an en-US browser as $39.99', async () => {
    const { sent, leaveWith } = renderCost('USD');
    leaveWith('39,99');
    await waitFor(() => expect(sent).toEqual([{ cost: money(3999) }]));
  });

  it('refuses in words what it cannot read as the seller meant, and sends nothing', () => {
    setMoneyLocale('de-DE');
    const { sent, leaveWith } = renderCost('EUR');
    leaveWith('1,234');
    expect(screen.getByRole('alert').textContent).toBe('An amount can have at most 2 decimals');
    leaveWith('abc');
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount such as 4.50');
    leaveWith('£4');
    expect(screen.getByRole('alert').textContent).toBe('Type the amount in EUR');
    expect(sent).toEqual([]);
  });

  it('asks which amount when a text could be two, and saves the one tapped', async () => {
    const { sent, leaveWith } = renderCost('KWD');
    leaveWith('1,234');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'KWD\u00a01,234.000' }));
    await waitFor(() => expect(sent).toEqual([{ cost: money(1234000, 'KWD') }]));
  });
});

describe('the asking price field (under the listing)', () => {
  it('refuses 0 in words without sending it, and saves a price', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { askingPrice: unknown };
        sent.push(body);
        return Response.json({ ...makeListingItem({ currency: 'GBP', askingPrice: body.askingPrice as never }), images: [] });
      }),
    );
    renderWithProviders(
      <ItemAmountField amount="askingPrice" itemId="11111111-1111-4111-8111-111111111111" sku="PSTFSH-001" saved={null} currency="GBP" />,
    );
    const field = screen.getByRole('textbox', { name: 'Your price (optional) of PSTFSH-001' });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a price above 0, or empty the field for none');
    expect(sent).toEqual([]);
    fireEvent.change(field, { target: { value: '24.50' } });
    fireEvent.blur(field);
    await waitFor(() => expect(sent).toEqual([{ askingPrice: money(2450, 'GBP') }]));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Price saved/);
  });
});

describe('the asking price under the seller’s floor', () => {
  it('says what a live listing would lose before anything is saved; Keep this price sends it confirmed', async () => {
    // The question is brought into view (jsdom has no scrolling).
    Element.prototype.scrollIntoView = vi.fn();
    const sent: unknown[] = [];
    const loss = '$20.00 is under your floor of $40.81 on eBay: you would lose $9.38';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { askingPrice: unknown; confirmUnderFloor?: boolean };
        sent.push(body);
        if (!body.confirmUnderFloor) return Response.json({ error: { code: 'UNDER_FLOOR', message: loss } }, { status: 409 });
        return Response.json({ ...makeListingItem({ askingPrice: body.askingPrice as never }), images: [] });
      }),
    );
    renderWithProviders(
      <ItemAmountField amount="askingPrice" itemId="11111111-1111-4111-8111-111111111111" sku="PSTFSH-001" saved={null} currency="USD" />,
    );
    const field = screen.getByRole('textbox', { name: 'Your price (optional) of PSTFSH-001' });
    fireEvent.change(field, { target: { value: '20' } });
    fireEvent.blur(field);
    const ask = await screen.findByRole('alertdialog', { name: 'Under your profit floor' });
    expect(ask.textContent).toContain(loss);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep this price' }));
    await waitFor(() => expect(sent).toEqual([{ askingPrice: money(2000) }, { askingPrice: money(2000), confirmUnderFloor: true }]));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Price saved/);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
