import { money } from '@shared/domain/money';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assistedPaths, type HandoverResponse } from '@shared/contracts/assisted';
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

/** Answers the sheet's calls (a POST to `listed` as `listed` says), recording what was sent there. */
function serve(listed: (body: { url: string | null }) => Response) {
  const draft = handover({ status: 'draft', url: null, listedAt: null });
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === assistedPaths.listed(draft.itemId, draft.channel)) {
        const body = JSON.parse(String(init.body)) as { url: string | null };
        sent.push(body);
        return listed(body);
      }
      return Response.json(draft);
    }),
  );
  renderWithProviders(<AssistedHandover itemId={draft.itemId} channel="poshmark" open onClose={() => {}} />);
  return sent;
}

const wrongLink = 'That link is not a Poshmark listing. Paste the link of your listing on poshmark.com.';

describe('Record the listing', () => {
  it('saves the listing’s link on the marketplace, trimmed; a link elsewhere is refused in words until the seller types again', async () => {
    const sent = serve(({ url }) => Response.json(handover({ url })));
    const link = await screen.findByLabelText('Listed it? Paste its link on Poshmark');
    const save = screen.getByRole('button', { name: 'Save link' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(link, { target: { value: 'https://www.depop.com/products/levis-501/' } });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    expect(await screen.findByText(wrongLink)).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(link, { target: { value: 'https://poshmark.com/listing/Levis-501-abc ' } });
    expect(screen.queryByText(wrongLink)).toBeNull();
    expect(link.getAttribute('aria-invalid')).toBeNull();
    expect(sent).toEqual([]);

    fireEvent.click(save);
    expect(await screen.findByText('Listed on Poshmark')).toBeTruthy();
    expect(sent).toEqual([{ url: 'https://poshmark.com/listing/Levis-501-abc' }]);
  });

  it('Listed, no link: never drops a typed link in silence, and records the listing without one', async () => {
    const sent = serve(() => Response.json(handover({ url: null })));
    const link = await screen.findByLabelText('Listed it? Paste its link on Poshmark');
    const noLink = screen.getByRole('button', { name: 'Listed, no link' });

    fireEvent.change(link, { target: { value: 'not a link' } });
    fireEvent.click(noLink);
    expect(await screen.findByText(wrongLink)).toBeTruthy();
    fireEvent.change(link, { target: { value: 'https://poshmark.com/listing/Levis-501-abc' } });
    fireEvent.click(noLink);
    expect(await screen.findByText('Save the link, or clear it to record the listing without one.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(link, { target: { value: ' ' } });
    expect(screen.queryByText('Save the link, or clear it to record the listing without one.')).toBeNull();
    fireEvent.click(noLink);
    expect(await screen.findByText('No link saved.')).toBeTruthy();
    expect(sent).toEqual([{ url: null }]);
  });

  it('says the server’s refusal under the field', async () => {
    serve(() => Response.json({ error: { code: 'VALIDATION_FAILED', message: 'This item sold on Poshmark' } }, { status: 400 }));
    const link = await screen.findByLabelText('Listed it? Paste its link on Poshmark');
    fireEvent.change(link, { target: { value: 'https://poshmark.com/listing/Levis-501-abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText('This item sold on Poshmark')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save link' })).toHaveProperty('disabled', false));
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
