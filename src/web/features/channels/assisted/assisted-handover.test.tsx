import { money } from '@shared/domain/money';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HandoverResponse } from '@shared/contracts/assisted';
import { renderWithProviders } from '@/test/render-with-providers';
import { AssistedHandover, copyAllText } from './assisted-handover';

const handover = (over: Partial<HandoverResponse> = {}): HandoverResponse => ({
  itemId: '0b8f6a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  channel: 'poshmark',
  sku: 'PSTFSH-001',
  status: 'live',
  url: 'https://poshmark.com/listing/Levis-501-abc',
  listedAt: '2026-11-20T10:00:00.000Z',
  delistTask: false,
  title: "Levi's 501 Jeans 32x30",
  titleMax: 80,
  description: 'Straight leg, medium wash.',
  descriptionMax: 1500,
  hashtags: [],
  brand: "Levi's",
  price: money(2799),
  priceNote: null,
  site: { name: 'Poshmark US', host: 'poshmark.com', currency: 'USD', sizeStandard: 'US' },
  basePrice: money(2500),
  priceRule: { percent: 10, rounding: 'cents99' },
  size: '32',
  condition: 'Good',
  category: 'Men > Jeans',
  questions: [],
  answered: [],
  photos: [],
  urlExample: 'https://poshmark.com/listing/…',
  ...over,
});

function answer(body: HandoverResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AssistedHandover', () => {
  it('shows the listed badge and its link', async () => {
    answer(handover());
    renderWithProviders(<AssistedHandover itemId={handover().itemId} channel="poshmark" open onClose={() => {}} />);
    expect(await screen.findByText('Listed on Poshmark')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the listing on Poshmark' }).getAttribute('href')).toBe(handover().url);
    expect(screen.getByRole('button', { name: 'Not listed after all' })).toBeTruthy();
  });

  it('shows the delist task of an item sold elsewhere, with the listing’s link', async () => {
    answer(handover({ delistTask: true }));
    renderWithProviders(<AssistedHandover itemId={handover().itemId} channel="poshmark" open onClose={() => {}} />);
    expect(await screen.findByText('Sold elsewhere: delist it from Poshmark')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the listing on Poshmark' }).getAttribute('href')).toBe(handover().url);
  });

  it('says when the listing could not be prepared', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Item not found' } }), { status: 404 })),
    );
    renderWithProviders(<AssistedHandover itemId={handover().itemId} channel="mercari" open onClose={() => {}} />);
    expect(await screen.findByText('The listing for Mercari could not be prepared.')).toBeTruthy();
    expect(screen.getByText('Item not found')).toBeTruthy();
  });
});

describe('copyAllText', () => {
  it('puts each field on a line, then the description; Depop has no title', () => {
    expect(copyAllText(handover())).toBe(
      "Title: Levi's 501 Jeans 32x30\nPrice: $27.99\nSize: 32\nCondition: Good\nCategory: Men > Jeans\nBrand: Levi's\n\nStraight leg, medium wash.",
    );
    expect(copyAllText(handover({ channel: 'depop', title: null, size: null }))).not.toMatch(/Title|Size/);
  });
});
