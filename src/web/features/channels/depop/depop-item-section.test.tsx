import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { depopPaths } from '@shared/contracts/depop';
import type { ChannelListingView, Item } from '@shared/contracts/items';
import { publishPaths } from '@shared/contracts/publish';
import { itemKeys } from '@/entities/items/query-keys';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { DepopItemSection } from './depop-item-section';
import { depopOwnFieldsWords } from './depop-own-fields';
import { depopLikesWords } from './depop-likes';

const itemId = '7b0d5b8e-3c4f-4d5e-9a1b-2c3d4e5f6a7b';

const listing = (change: Partial<ChannelListingView>): ChannelListingView => ({
  channel: 'depop',
  status: 'live',
  price: null,
  ownPrice: false,
  priceSource: null,
  priceBasis: null,
  quantity: 1,
  url: null,
  error: null,
  change: null,
  delistTask: false,
  part: {},
  ...change,
});

/** The item as GET /api/items/:id has it (only what the section reads), and Depop's preflight reasons. */
function open(listings: ChannelListingView[], reasons: string[] = [], answers: Record<string, unknown> = {}) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) in answers) return Response.json(answers[String(input)]);
    if (String(input) === publishPaths.preflightScores(itemId)) {
      return Response.json({ itemId, channels: [{ channel: 'depop', name: 'Depop', score: reasons.length ? 'red' : 'green', reasons }] });
    }
    return Response.json(null, { status: 404 });
  });
  const client = createTestQueryClient();
  client.setQueryData(itemKeys.detail(itemId), {
    id: itemId,
    sku: 'A-1',
    updatedAt: '2026-11-28T12:00:00.000Z',
    listings,
  } as unknown as Item);
  renderWithProviders(<DepopItemSection itemId={itemId} />, { client });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DepopItemSection', () => {
  it('links a live listing on the simulated Depop to its page there, labelled simulated', async () => {
    open([listing({ url: 'http://localhost:3000/simulated-depop/products/a-1-jacket/' })]);
    const status = await screen.findByTestId('depop-listing-status');
    expect(status.textContent).toBe('Live on Depop. See it on the simulated Depop');
    expect(within(status).getByRole('link').getAttribute('href')).toBe('http://localhost:3000/simulated-depop/products/a-1-jacket/');
    expect(screen.getByTestId('simulated-depop-label')).toBeTruthy();
  });

  it('links a real Depop listing without the simulated label', async () => {
    open([listing({ url: 'https://www.depop.com/products/a-1-jacket/' })]);
    expect((await screen.findByRole('link', { name: 'See it on Depop' })).getAttribute('href')).toBe(
      'https://www.depop.com/products/a-1-jacket/',
    );
    expect(screen.queryByTestId('simulated-depop-label')).toBeNull();
  });

  it('says why Depop refused the listing', async () => {
    open([listing({ status: 'failed', error: 'Depop needs a size for this product type.' })]);
    expect((await screen.findByTestId('depop-listing-status')).textContent).toBe('Depop refused this listing.');
    expect(screen.getByRole('alert').textContent).toBe('Depop needs a size for this product type.');
  });

  it('lists what Depop’s rules would refuse before the item is listed there', async () => {
    open([], ['Add a photo: Depop needs at least one.', 'Choose a size for Depop.']);
    expect(screen.getByTestId('depop-listing-status').textContent).toBe('Not on Depop yet.');
    const needs = await screen.findByRole('list', { name: 'What Depop needs' });
    await waitFor(() =>
      expect(
        within(needs)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Add a photo: Depop needs at least one.', 'Choose a size for Depop.']),
    );
  });
});

describe('Depop’s own fields', () => {
  const needs = ['Choose the item’s Depop size: Depop sizes jeans by its own size chart.', 'Set the shipping price for Depop.'];

  /** A Mens Jeans item in dollars; the answers route answers what it is sent, and the reasons go once it is. */
  function openForm(listings: ChannelListingView[] = []) {
    const puts: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === publishPaths.preflightScores(itemId)) {
        const reasons = puts.length ? [] : needs;
        return Response.json({ itemId, channels: [{ channel: 'depop', name: 'Depop', score: reasons.length ? 'red' : 'green', reasons }] });
      }
      if (path === depopPaths.itemAnswers.replace(':id', itemId) && init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { productType: string | null; sizeSetId: number | null; sizeId: number | null };
        puts.push(body);
        const productType = body.productType === 'jeans' ? null : body.productType;
        return Response.json({
          itemId,
          part: { productType, sizeSetId: body.sizeSetId, sizeId: body.sizeId, nationalShipping: '3.50', slug: null },
        });
      }
      return Response.json(null, { status: 404 });
    });
    const client = createTestQueryClient();
    client.setQueryData(itemKeys.detail(itemId), {
      id: itemId,
      sku: 'A-1',
      category: 'Mens Jeans',
      currency: 'USD',
      updatedAt: '2026-11-28T12:00:00.000Z',
      listings,
    } as unknown as Item);
    renderWithProviders(<DepopItemSection itemId={itemId} />, { client });
    return puts;
  }

  const form = () => screen.getByTestId('depop-own-fields');
  const typeSelect = () => within(form()).getByLabelText(depopOwnFieldsWords.productType) as HTMLSelectElement;

  it('starts from the category’s product type, takes the size by its label and the shipping as typed, and saves them exactly', async () => {
    const puts = openForm();
    expect(await screen.findByRole('list', { name: 'What Depop needs' })).toBeTruthy();
    expect(typeSelect().value).toBe('jeans');
    const size = within(form()).getByLabelText(depopOwnFieldsWords.size) as HTMLSelectElement;
    expect(within(size).getByRole('option', { name: 'W32' })).toBeTruthy();
    fireEvent.change(size, { target: { value: '28' } });
    const shipping = within(form()).getByLabelText(`${depopOwnFieldsWords.shipping} (USD)`);
    expect(shipping.getAttribute('type')).not.toBe('number');
    fireEvent.change(shipping, { target: { value: '3.50' } });
    fireEvent.click(within(form()).getByRole('button', { name: depopOwnFieldsWords.save }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'What Depop needs' })).toBeNull());
    expect(puts).toEqual([{ productType: 'jeans', sizeSetId: 60, sizeId: 28, nationalShipping: { amountMinor: 350, currency: 'USD' } }]);
    expect(within(form()).getByRole('status').textContent).toBe(depopOwnFieldsWords.saved);
  });

  it('asks no size of a type Depop does not size, and a size of the old type goes with it', async () => {
    const puts = openForm();
    await screen.findByTestId('depop-own-fields');
    fireEvent.change(within(form()).getByLabelText(depopOwnFieldsWords.size), { target: { value: '28' } });
    fireEvent.change(typeSelect(), { target: { value: 'bags' } });
    expect(within(form()).queryByLabelText(depopOwnFieldsWords.size)).toBeNull();
    fireEvent.change(typeSelect(), { target: { value: 'hoodies' } });
    const size = within(form()).getByLabelText(depopOwnFieldsWords.size) as HTMLSelectElement;
    expect(size.value).toBe('');
    expect(within(size).getByRole('option', { name: 'M' })).toBeTruthy();
    fireEvent.change(typeSelect(), { target: { value: 'bags' } });
    fireEvent.click(within(form()).getByRole('button', { name: depopOwnFieldsWords.save }));
    await waitFor(() => expect(puts).toEqual([{ productType: 'bags', sizeSetId: null, sizeId: null, nationalShipping: null }]));
  });

  it('refuses a shipping price that is no amount, and sends nothing', async () => {
    const puts = openForm();
    await screen.findByTestId('depop-own-fields');
    fireEvent.change(within(form()).getByLabelText(`${depopOwnFieldsWords.shipping} (USD)`), { target: { value: 'abc' } });
    fireEvent.click(within(form()).getByRole('button', { name: depopOwnFieldsWords.save }));
    expect(await within(form()).findByText(/amount/i)).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('stays offered once the item is live on Depop: a save says the listing there is being updated', async () => {
    const puts = openForm([
      listing({ url: 'https://www.depop.com/products/a-1/', part: { sizeSetId: 60, sizeId: 28, nationalShipping: '3.50' } }),
    ]);
    const fields = await screen.findByTestId('depop-own-fields');
    fireEvent.change(within(fields).getByLabelText('Size on Depop'), { target: { value: '30' } });
    fireEvent.click(within(fields).getByRole('button', { name: depopOwnFieldsWords.save }));
    await waitFor(() => expect(within(fields).getByRole('status').textContent).toBe(depopOwnFieldsWords.savedLive));
    expect(puts).toHaveLength(1);
  });

  it('is not offered once the item sold on Depop', async () => {
    openForm([listing({ status: 'sold' })]);
    await screen.findByTestId('depop-listing-status');
    expect(screen.queryByTestId('depop-own-fields')).toBeNull();
  });

  it('shows what Depop predicts for the item and its similar sold items, or why it predicts nothing', async () => {
    const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
    open([listing({ status: 'draft' })], [], {
      [depopPaths.itemPricing.replace(':id', itemId)]: {
        low: usd(1590),
        balanced: usd(1870),
        high: usd(2151),
        similarSold: [{ brand: 'Levi’s', condition: 'used_good', soldPrice: usd(1683), pictureUrl: null }],
        simulated: false,
        none: null,
      },
    });
    const guide = await screen.findByRole('group', { name: 'What Depop predicts' });
    expect(guide.textContent).toContain('$15.90 to $21.51, most likely $18.70.');
    expect(within(guide).getByRole('list', { name: 'Sold on Depop' }).textContent).toBe('$16.83 · Levi’s');
    cleanup();
    open([listing({ status: 'draft' })], [], {
      [depopPaths.itemPricing.replace(':id', itemId)]: {
        low: null,
        balanced: null,
        high: null,
        similarSold: [],
        simulated: true,
        none: 'Depop has no price prediction for items like this one.',
      },
    });
    expect((await screen.findByRole('group', { name: 'What Depop predicts' })).textContent).toContain('Depop has no price prediction');
  });

  it('shows a live listing’s likes and the offers sent to them', async () => {
    open([listing({ url: 'http://localhost:3000/simulated-depop/products/a-1/' })], [], {
      [depopPaths.itemLikes.replace(':id', itemId)]: {
        likes: 3,
        offered: 2,
        lastOffer: { price: { amountMinor: 3105, currency: 'USD' }, at: '2026-11-28T12:00:00.000Z' },
      },
    });
    const likes = await screen.findByTestId('depop-likes');
    await waitFor(() =>
      expect(within(likes).getByRole('status').textContent).toBe(`${depopLikesWords.likes(3, 2)} ${depopLikesWords.lastOffer('$31.05')}`),
    );
    expect(depopLikesWords.likes(3, 2)).toBe('3 likes on Depop · 2 sent an offer.');
    expect(within(likes).getByRole('button', { name: depopLikesWords.simulate })).toBeTruthy();
  });

  it('says the shop’s own shipping price is used when the item’s is left empty', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input) === depopPaths.shopSettings
        ? Response.json({ nationalShipping: { amountMinor: 495, currency: 'USD' }, currency: 'USD' })
        : Response.json(null, { status: 404 }),
    );
    const client = createTestQueryClient();
    client.setQueryData(itemKeys.detail(itemId), {
      id: itemId,
      sku: 'A-1',
      category: 'Mens Jeans',
      currency: 'USD',
      updatedAt: '2026-11-28T12:00:00.000Z',
      listings: [],
    } as unknown as Item);
    renderWithProviders(<DepopItemSection itemId={itemId} />, { client });
    expect(await screen.findByText(depopOwnFieldsWords.shippingShopHint('$4.95'))).toBeTruthy();
  });
});
