import { noOwnSales } from '@shared/contracts/comparables';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { money } from '@shared/domain/money';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreflightScoresResponse, ReadinessResponse } from '@shared/contracts/publish';
import { makeChannelListing, makeEbayListing, makeListingItem } from '@/test/make-listing-item';
import { paced } from '@shared/testing/pace';
import { itemKeys } from '@/entities/items/query-keys';
import { renderWithProviders } from '@/test/render-with-providers';
import { PublishItemCard, publishAlerts } from './publish-item-card';
import { isPublishCandidate } from './publish-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const checklist = {
  hasTitle: true,
  hasDescription: true,
  hasImages: true,
  hasCategory: true,
  hasCondition: true,
  hasBrand: true,
  hasPrice: true,
  hasPolicies: true,
  hasLocation: true,
  hasConnection: true,
};
const readiness = (overrides: Partial<ReadinessResponse> = {}): ReadinessResponse => ({
  itemId: '11111111-1111-4111-8111-111111111111',
  isValid: true,
  errors: [],
  warnings: [],
  checklist,
  score: 100,
  preflight: { checked: true, unavailable: null, problems: [], categorySuggestions: [], condition: null },
  canPublish: true,
  ...overrides,
});

const ready = makeListingItem({
  aiTitle: "Levi's 501 Men's Jeans",
  aiGenerationStatus: 'completed',
  aiSuggestedPrice: money(3000),
  listings: [makeChannelListing({ channel: 'ebay', part: { categoryId: '11483', conditionGrade: 'good' } })],
});

/** Live on eBay at $30.00. */
const live = {
  ...ready,
  listings: [
    makeEbayListing(
      { status: 'published', listingUrl: 'https://sandbox.ebay.com/itm/1', price: money(3000) },
      { categoryId: '11483', conditionGrade: 'good' },
    ),
  ],
};

const scoresAnswer = (itemId: string): PreflightScoresResponse => ({
  itemId,
  channels: [
    {
      channel: 'ebay',
      name: 'eBay',
      score: 'red',
      reasons: ['Add the package weight: eBay works out postage from it for "Priority" (calculated shipping)'],
    },
    {
      channel: 'etsy',
      name: 'Etsy',
      score: 'amber',
      reasons: ["Etsy's rules were not checked: connect Etsy to see whether it would take this listing"],
    },
    { channel: 'shopify', name: 'Shopify', score: 'green', reasons: [] },
  ],
});

function renderCard(item = ready, answer: ReadinessResponse = readiness()) {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/readiness')
      ? new Response(JSON.stringify(answer), { status: 200 })
      : url.endsWith('/preflight-scores')
        ? new Response(JSON.stringify(scoresAnswer(item.id)), { status: 200 })
        : new Response(JSON.stringify({ itemId: item.id, publishStatus: 'publishing', queued: true }), { status: 202 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <ul>
      <PublishItemCard item={item} connectionVersion="v1" selected={false} onToggleSelected={vi.fn()} />
    </ul>,
  );
  return fetchMock;
}

const publishButton = async () => {
  const button = await screen.findByRole('button', { name: 'Publish to eBay' });
  await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return button;
};

describe('PublishItemCard publish path', () => {
  it('without policies: "Please configure eBay business policies before publishing", nothing sent', async () => {
    const fetchMock = renderCard(ready, readiness({ isValid: false, canPublish: false, checklist: { ...checklist, hasPolicies: false } }));
    fireEvent.click(await publishButton());
    expect((await screen.findByRole('alert')).textContent).toContain(publishAlerts.policies);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/publish'))).toBe(false);
  });

  it('with errors: "Please fix validation errors before publishing" and each error', async () => {
    renderCard(ready, readiness({ isValid: false, canPublish: false, errors: ['Description is required (minimum 50 characters)'] }));
    fireEvent.click(await publishButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(publishAlerts.invalid);
    expect(alert.textContent).toContain('Description is required (minimum 50 characters)');
  });

  it('with price, category id and grade: the summary, then publishing directly with the suggested price', async () => {
    const fetchMock = renderCard();
    fireEvent.click(await publishButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish to eBay' });
    expect(within(dialog).getByTestId('publish-summary').textContent).toContain('$30.00');
    // eBay's category by its name, its number beside: a seller does not read "11483".
    expect(within(dialog).getByTestId('publish-summary').textContent).toContain("eBay categoryMen's Clothing > Jeans (11483)");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/publish'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/publish')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ price: money(3000), quantity: 1, condition: 'good', categoryId: '11483' });
  });

  it('without a category id: the Publish Settings form opens prefilled instead', async () => {
    renderCard(
      { ...ready, listings: [makeChannelListing({ channel: 'ebay', part: { conditionGrade: 'good' } })] },
      readiness({ canPublish: false }),
    );
    fireEvent.click(await publishButton());
    const form = await screen.findByRole('form', { name: `Publish settings ${ready.sku}` });
    expect((within(form).getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('30.00');
    fireEvent.click(within(form).getByRole('button', { name: 'Publish to eBay' }));
    // Checked as the form is sent (react-hook-form's submit is asynchronous).
    // The form's own alert (the comparables' answer, which this mock does not give, may raise another beside it).
    const alerts = async () => (await within(form).findAllByRole('alert')).map((alert) => alert.textContent);
    await vi.waitFor(async () => expect(await alerts()).toContain('Missing required fields. Price and Category are required.'));
  });

  it('while its listing is written again: no Publish until the new words are in; the card stays a publish candidate', async () => {
    const rewriting = { ...ready, aiGeneratedAt: '2026-11-29T10:00:00.000Z', aiGenerationStatus: 'generating' as const };
    expect(isPublishCandidate(rewriting)).toBe(true);
    expect(isPublishCandidate({ ...rewriting, aiGenerationStatus: 'failed' })).toBe(true);
    expect(isPublishCandidate({ ...rewriting, aiGeneratedAt: null, aiGenerationStatus: 'failed', listings: [] })).toBe(false);
    renderCard(rewriting);
    const regenerate = await screen.findByRole('button', { name: 'Regenerate with Full Auto-Fill' });
    await screen.findByTestId('readiness-panel');
    expect((screen.getByRole('button', { name: 'Publish to eBay' }) as HTMLButtonElement).disabled).toBe(true);
    expect(regenerate.getAttribute('aria-busy')).toBe('true');
  });

  it('published: View on eBay, no Publish button', async () => {
    renderCard(live);
    expect((await screen.findByRole('link', { name: 'View on eBay' })).getAttribute('href')).toBe('https://sandbox.ebay.com/itm/1');
    expect(screen.queryByRole('button', { name: 'Publish to eBay' })).toBeNull();
  });

  it('published: the live listing’s panel comes with the readiness and the buttons, not before them (nothing moves under a finger)', async () => {
    let answerReadiness: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.endsWith('/readiness')
          ? new Promise<Response>((resolve) => (answerReadiness = resolve))
          : Promise.resolve(new Response(JSON.stringify({}), { status: 200 })),
      ),
    );
    renderWithProviders(
      <ul>
        <PublishItemCard item={live} connectionVersion="v1" selected={false} onToggleSelected={vi.fn()} />
      </ul>,
    );
    await screen.findByRole('status', { name: 'Checking readiness' });
    expect(screen.queryByTestId('live-listing')).toBeNull();
    answerReadiness(new Response(JSON.stringify(readiness()), { status: 200 }));
    await screen.findByTestId('readiness-panel');
    expect(screen.getByTestId('live-listing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on eBay' })).toBeTruthy();
  });
});

describe('PublishItemCard on a busy item', () => {
  it('changes closer together than one read of the readiness: the readiness is shown all the same, read again after', async () => {
    // Each change of the item (its events on a loaded server) gave the card a new readiness to read, and the read on its
    // way was dropped: a live listing's card showed no readiness for 19 s (CI, phone).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.endsWith('/readiness')) return new Response(JSON.stringify({}), { status: 200 });
        await new Promise((resolve) => setTimeout(resolve, 120));
        return new Response(JSON.stringify(readiness()), { status: 200 });
      }),
    );
    const changes = 24;
    const changedAt = (change: number) => new Date(Date.UTC(2026, 11, 2, 12, 0, change)).toISOString();
    function Changing() {
      const [change, setChange] = useState(0);
      useEffect(() => {
        if (change >= changes) return;
        const next = setTimeout(() => setChange(change + 1), 40);
        return () => clearTimeout(next);
      }, [change]);
      return (
        <ul data-change={change}>
          <PublishItemCard
            item={{ ...live, updatedAt: changedAt(change) }}
            connectionVersion="v1"
            selected={false}
            onToggleSelected={vi.fn()}
          />
        </ul>
      );
    }
    const { container, client } = renderWithProviders(<Changing />);
    const changed = () => Number(container.querySelector('ul')?.getAttribute('data-change'));
    // While the item still changes every 40 ms (a read takes 120 ms), the readiness is there.
    await screen.findByTestId('readiness-panel', {}, { timeout: paced(2_000) });
    expect(changed()).toBeLessThan(changes);
    // Each read lands, then the newest change is read: the last change's readiness in the end.
    await vi.waitFor(() => expect(changed()).toBe(changes), { timeout: paced(3_000) });
    const newest = [...itemKeys.all, 'readiness', live.id, changedAt(changes), 'v1'];
    await vi.waitFor(() => expect(client.getQueryData(newest)).toEqual(readiness()), { timeout: paced(3_000) });
  });
});

describe('Quick Fix price', () => {
  const unpriced = makeListingItem({ ...ready, aiSuggestedPrice: null, price: null, category: 'Mens Jeans', condition: 'good' });
  const comparables = {
    itemId: unpriced.id,
    query: { keywords: 'levis 501', categoryId: '11483', condition: 'good', size: null, byImage: false },
    count: 3,
    median: { amountMinor: 3150, currency: 'USD' },
    low: { amountMinor: 2000, currency: 'USD' },
    high: { amountMinor: 4000, currency: 'USD' },
    currency: 'USD',
    nearest: [],
    basis: 'Simulated comparables: median of 3 listings of the simulated eBay, not real eBay data.',
    noBasis: null,
    fetchedAt: null,
    simulated: true,
    marketplaceId: 'EBAY_US',
    ownSales: noOwnSales('USD', 'No sales of yours like this one yet.'),
  };
  const priceList = {
    currency: 'USD',
    rows: [{ category: 'Mens Jeans', amountMinor: 2800 }],
    adjustments: [],
    answered: true,
    sellerCurrency: 'USD',
  };

  function renderUnpriced() {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.endsWith('/readiness')) return json(readiness({ isValid: false, canPublish: false, errors: ['Price is required'] }));
      if (url.endsWith('/comparables')) return json(comparables);
      if (url.endsWith('/api/price-list')) return json(priceList);
      if (url.endsWith('/publish-settings') && init?.method === 'PUT')
        return json({ itemId: unpriced.id, price: money(2800), quantity: 1 });
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ul>
        <PublishItemCard item={unpriced} connectionVersion="v1" selected={false} onToggleSelected={vi.fn()} />
      </ul>,
    );
    return fetchMock;
  }

  it('offers the comparables and the price list by their names; a tap sets the price, saved as Publish Settings saves it', async () => {
    const fetchMock = renderUnpriced();
    const quickFix = await screen.findByRole('button', { name: 'Quick Fix' });
    await vi.waitFor(() => expect((quickFix as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(quickFix);
    const form = await screen.findByRole('form', { name: `Quick fix ${unpriced.sku}` });
    const price = within(form).getByLabelText('Price (USD)') as HTMLInputElement;
    expect(price.value).toBe('');
    const comparable = await within(form).findByRole('button', { name: 'Simulated comparables: median $31.50' });
    fireEvent.click(comparable);
    expect(price.value).toBe('31.50');
    fireEvent.click(await within(form).findByRole('button', { name: 'Your price list: $28.00' }));
    expect(price.value).toBe('28.00');
    expect(form.textContent).not.toMatch(/suggest/i);
    fireEvent.click(within(form).getByRole('button', { name: 'Apply Quick Fix' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/publish-settings'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/publish-settings'))!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ price: money(2800), quantity: 1 });
    // Nothing else changed: no quick-fix call.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/quick-fix'))).toBe(false);
  });

  it('refuses a price Publish Settings refuses, with its words, and saves nothing', async () => {
    const fetchMock = renderUnpriced();
    const quickFix = await screen.findByRole('button', { name: 'Quick Fix' });
    await vi.waitFor(() => expect((quickFix as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(quickFix);
    const form = await screen.findByRole('form', { name: `Quick fix ${unpriced.sku}` });
    fireEvent.change(within(form).getByLabelText('Price (USD)'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply Quick Fix' }));
    expect(await within(form).findByText('Price must be a number above 0')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/publish-settings'))).toBe(false);
  });
});

describe('PublishItemCard pre-flight scores', () => {
  it('shows each channel’s score in words, with what to fix', async () => {
    renderCard();
    const scores = await screen.findAllByTestId('preflight-score');
    expect(scores.map((s) => [s.dataset.channel, s.dataset.score])).toEqual([
      ['ebay', 'red'],
      ['etsy', 'amber'],
      ['shopify', 'green'],
    ]);
    expect(scores[0]!.textContent).toContain('eBay· Would be refused');
    expect(scores[0]!.textContent).toContain('Add the package weight');
    expect(scores[1]!.textContent).toContain('Not checked');
    expect(scores[2]!.textContent).toContain('Should be accepted');
  });
});
