import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { money } from '@shared/domain/money';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeListingItem } from '@/test/make-listing-item';
import { ItemSourceChips, sourceMessages } from './item-source-chips';
import { ItemBundlePanel } from './item-bundle-panel';
import { openBundle } from './use-bundles';

const itemId = '11111111-1111-4111-8111-111111111111';
const bundleId = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  openBundle.set(null);
});

/** A fake API: the sources it remembers, the bundle it answers; the requests sent, in order. */
function fakeApi(sources: string[]) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const bundle = (items: { itemId: string; share: ReturnType<typeof money> }[]) => ({
    id: bundleId,
    cost: money(3000),
    split: 'expected-price',
    source: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    items,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      sent.push({ method, url, body });
      if (url.endsWith('/api/sources')) return Response.json({ sources });
      if (url.includes('/api/items/'))
        return Response.json({ ...makeListingItem({ id: itemId, source: body?.source as string }), images: [] });
      if (method === 'GET') return Response.json(bundle([{ itemId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', share: money(3000) }]));
      return Response.json(
        bundle([
          { itemId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', share: money(1800) },
          { itemId, share: money(1200) },
        ]),
      );
    }),
  );
  return sent;
}

describe('source at capture', () => {
  it('offers the remembered sources, most recent first, and saves one in one tap', async () => {
    const sent = fakeApi(['Goodwill Main St', 'Car boot']);
    renderWithProviders(<ItemSourceChips itemId={itemId} source={null} />);
    const chips = await screen.findAllByRole('button', { pressed: false });
    expect(chips.map((chip) => chip.textContent)).toEqual(['Goodwill Main St', 'Car boot']);
    fireEvent.click(screen.getByRole('button', { name: 'Goodwill Main St' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH').at(-1)).toMatchObject({ body: { source: 'Goodwill Main St' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Goodwill Main St' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('types a new source with Other…, and refuses an empty one', async () => {
    const sent = fakeApi([]);
    renderWithProviders(<ItemSourceChips itemId={itemId} source={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Other…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Type where you bought it');
    fireEvent.change(screen.getByRole('textbox', { name: 'Where you bought it' }), { target: { value: 'Estate sale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH').at(-1)).toMatchObject({ body: { source: 'Estate sale' } }));
  });
});

/** The item's PATCH answers, in the order sent: each waits `ms`, then saves (`ok`) or answers 500. */
function patchesAnswer(sources: string[], answers: { ms: number; ok: boolean }[]) {
  const patches: unknown[] = [];
  const answered: boolean[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/sources')) return Response.json({ sources });
      const body = JSON.parse(String(init?.body)) as { source: string | null };
      const answer = answers[patches.length] ?? { ms: 0, ok: false };
      patches.push(body);
      await new Promise((resolve) => setTimeout(resolve, answer.ms));
      answered.push(answer.ok);
      if (!answer.ok) return Response.json({ error: 'internal', message: 'Something went wrong' }, { status: 500 });
      return Response.json({ ...makeListingItem({ id: itemId, source: body.source }), images: [] });
    }),
  );
  return { patches, answered };
}

const pressed = () => screen.queryAllByRole('button', { pressed: true }).map((chip) => chip.textContent);

describe('source at capture, two quick taps', () => {
  it('shows what the server kept when both saves fail, not the first tap', async () => {
    const { patches } = patchesAnswer(
      ['Goodwill Main St', 'Car boot'],
      [
        { ms: 60, ok: false },
        { ms: 10, ok: false },
      ],
    );
    renderWithProviders(<ItemSourceChips itemId={itemId} source={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Goodwill Main St' }));
    fireEvent.click(screen.getByRole('button', { name: 'Car boot' }));
    expect(pressed()).toEqual(['Car boot']);
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', sourceMessages.failed);
    await waitFor(() => expect(pressed()).toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pressed()).toEqual([]);
  });

  it('keeps the first tap when it saved and the second did not', async () => {
    patchesAnswer(
      ['Goodwill Main St', 'Car boot'],
      [
        { ms: 40, ok: true },
        { ms: 5, ok: false },
      ],
    );
    renderWithProviders(<ItemSourceChips itemId={itemId} source={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Goodwill Main St' }));
    fireEvent.click(screen.getByRole('button', { name: 'Car boot' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', sourceMessages.failed);
    await waitFor(() => expect(pressed()).toEqual(['Goodwill Main St']));
  });

  it('keeps the second tap when it saved and the first did not', async () => {
    const { answered } = patchesAnswer(
      ['Goodwill Main St', 'Car boot'],
      [
        { ms: 40, ok: false },
        { ms: 5, ok: true },
      ],
    );
    renderWithProviders(<ItemSourceChips itemId={itemId} source={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Goodwill Main St' }));
    fireEvent.click(screen.getByRole('button', { name: 'Car boot' }));
    await waitFor(() => expect(answered).toEqual([true, false]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pressed()).toEqual(['Car boot']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('bundle at capture', () => {
  it('starts a bundle with its total and rule, then shows each share', async () => {
    const sent = fakeApi([]);
    renderWithProviders(<ItemBundlePanel itemId={itemId} sku="PSTFSH-001" currency="USD" bundleId={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'New bundle…' }));
    fireEvent.change(screen.getByRole('textbox', { name: /whole bundle cost/ }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start bundle' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'POST')).toMatchObject({
        body: { cost: money(3000), split: 'expected-price', itemIds: [itemId] },
      }),
    );
    expect(await screen.findByTestId('own-share')).toHaveProperty('textContent', '$12.00');
    expect(openBundle.get()).toBe(bundleId);
  });

  it('joins the open bundle of the session in one tap', async () => {
    const sent = fakeApi([]);
    openBundle.set(bundleId);
    renderWithProviders(<ItemBundlePanel itemId={itemId} sku="PSTFSH-002" currency="USD" bundleId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: /Add PSTFSH-002 to the open bundle/ }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'POST', body: { itemIds: [itemId] } }));
    expect((await screen.findAllByTestId('bundle-share')).map((s) => s.textContent)).toEqual(['1: $18.00', '2: $12.00']);
  });
});
