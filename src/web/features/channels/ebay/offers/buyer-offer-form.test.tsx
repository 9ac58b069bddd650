import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemOfferResponse, SentOfferWire } from '@shared/contracts/ebay-offers';
import type { ChannelFloor, ItemProfitFloorResponse } from '@shared/contracts/profit-floor';
import { renderWithProviders } from '@/test/render-with-providers';
import { BuyerOfferForm } from './buyer-offer-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const itemId = '6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const sku = 'PSTFSH-010';

/** A $30.00 listing at the rule's 10% off ($27.00), as the eBay e2e test has it. */
const offer = (over: Partial<Omit<ItemOfferResponse, 'listingPrice'>> = {}) => ({
  itemId,
  listingId: '110000000001',
  listingPrice: usd(3000),
  percent: 10,
  price: usd(2700),
  profit: usd(1502),
  raisedToFloor: false,
  reason: null,
  openUntil: null,
  highestPrice: usd(2850),
  interest: 'interested' as const,
  offers: [],
  ...over,
});

/** eBay US's fees (13.25% + $0.30, $0.40 over $10), a cost of $8.00, no shipping nor margin: the floor is $9.57. */
const ebay: ChannelFloor = {
  channel: 'ebay',
  label: 'eBay',
  fees: {
    basis: 'published',
    schedule: {
      currency: 'USD',
      tiers: [
        { fromMinor: 0, ratePpm: 132_500, fixedMinor: 30 },
        { fromMinor: 1001, ratePpm: 132_500, fixedMinor: 40 },
      ],
    },
    source: 'eBay',
    checkedOn: '2026-11-01',
    note: '',
  },
  status: 'floor',
  floor: usd(957),
  breakEven: usd(957),
  price: usd(3000),
  profit: usd(1773),
  warning: null,
};
const floor = (channel: ChannelFloor = ebay): ItemProfitFloorResponse => ({
  itemId,
  currency: 'USD',
  cost: usd(800),
  settings: { currency: 'USD', shippingCost: usd(0), minimumMargin: { kind: 'amount', amount: usd(0) } },
  channels: [channel],
  feesRule: '',
});

const sent = (priceMinor: number): SentOfferWire => ({
  id: 'offer-1',
  listingId: '110000000001',
  price: usd(priceMinor),
  listingPrice: usd(3000),
  percentOffBasisPoints: 1333,
  raisedToFloor: false,
  trigger: 'seller',
  buyers: 2,
  ebayOfferIds: ['a', 'b'],
  outcome: 'sent',
  error: null,
  sentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-24T10:00:00.000Z',
  saleId: null,
  soldAt: null,
});

/** Every POST of an offer recorded, answered as sent. */
function server() {
  const posts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(init?.body as string) as { price: { amountMinor: number } };
    posts.push({ url: String(input), body });
    return Response.json({ itemId, listingId: '110000000001', status: 'sent', reason: null, offer: sent(body.price.amountMinor) });
  });
  return posts;
}

const priceField = () => screen.getByRole('textbox', { name: 'Offer price (USD)' }) as HTMLInputElement;
const sendButton = () => within(screen.getByTestId('offer-form')).getByRole('button', { name: 'Send offer' }) as HTMLButtonElement;
const type = (text: string) => fireEvent.change(priceField(), { target: { value: text } });

describe('BuyerOfferForm', () => {
  it("starts at the offer's price, with the floor and the profit at it", async () => {
    server();
    renderWithProviders(<BuyerOfferForm sku={sku} offer={offer()} floor={floor()} />);
    expect(priceField().value).toBe('27.00');
    expect(screen.getByTestId('offer-floor').textContent).toBe('$9.57');
    expect(screen.getByTestId('offer-profit').textContent).toBe('$15.02');
    expect(screen.getByText('Profit at $27.00')).toBeTruthy();
    expect(screen.getByText('= $27.00')).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
    expect(priceField().getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses as typed a price under the floor, not 5% under the listing, or no price; an empty field says nothing', async () => {
    const posts = server();
    renderWithProviders(<BuyerOfferForm sku={sku} offer={offer()} floor={floor()} />);
    type('9');
    expect(
      await screen.findByText('That is under your floor of $9.57 on eBay: you would lose $0.49. Offers never go under the floor.'),
    ).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    expect(priceField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('offer-profit').textContent).toBe('-$0.49');

    type('29');
    expect(await screen.findByText('eBay takes offers at least 5% under your price of $30.00: $28.50 at most.')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);

    type('twenty');
    expect(await screen.findByText('Enter a price above zero, like 25 or 25.50.')).toBeTruthy();
    expect(screen.getByText('Profit at it')).toBeTruthy();

    type('');
    await waitFor(() => expect(priceField().getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('Enter a price above zero, like 25 or 25.50.')).toBeNull();
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(priceField().closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toEqual([]);
  });

  it('asks before sending, sends the typed price, and forgets the answer once the price is typed again', async () => {
    const posts = server();
    renderWithProviders(<BuyerOfferForm sku={sku} offer={offer()} floor={floor()} />);
    type('26');
    await waitFor(() => expect(screen.getByTestId('offer-profit').textContent).toBe('$14.15'));
    fireEvent.click(sendButton());
    const confirm = await screen.findByRole('alertdialog', { name: 'Send this offer?' });
    expect(confirm.textContent).toContain(
      `Every interested buyer of ${sku} gets an offer of $26.00 (13.33% off $30.00) for 4 days. If one accepts, it sells at $26.00: your profit $14.15.`,
    );
    expect(posts).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: `/api/items/${itemId}/ebay-offer`, body: { price: usd(2600) } });
    expect((await screen.findByTestId('offer-sent')).textContent).toMatch(/^Offer sent to 2 buyers at \$26\.00, ends /);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    type('25');
    await waitFor(() => expect(screen.queryByTestId('offer-sent')).toBeNull());
  });

  it('"Not now" sends nothing', async () => {
    const posts = server();
    renderWithProviders(<BuyerOfferForm sku={sku} offer={offer()} floor={floor()} />);
    fireEvent.click(sendButton());
    const confirm = await screen.findByRole('alertdialog', { name: 'Send this offer?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it('says at once why a starting price cannot go out', async () => {
    server();
    renderWithProviders(<BuyerOfferForm sku={sku} offer={offer({ price: usd(2900) })} floor={floor()} />);
    expect(await screen.findByText('eBay takes offers at least 5% under your price of $30.00: $28.50 at most.')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
  });

  it('keeps Send offer off while an offer is open, and checks nothing while the fees are not known', async () => {
    server();
    const view = renderWithProviders(<BuyerOfferForm sku={sku} offer={offer({ reason: 'too-soon' })} floor={floor()} />);
    expect(sendButton().disabled).toBe(true);
    view.unmount();

    renderWithProviders(<BuyerOfferForm sku={sku} offer={offer()} floor={floor({ ...ebay, fees: { basis: 'unknown' } })} />);
    type('9');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(priceField().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('offer-profit').textContent).toBe('—');
    expect(sendButton().disabled).toBe(true);
  });
});
