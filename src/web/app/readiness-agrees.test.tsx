import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { makeChannelListing, makeListingItem } from '@/test/make-listing-item';
import { renderWithProviders } from '../test/render-with-providers';
import { PublishItemCard } from '../features/channels/ebay/publish/publish-item-card';
import { ListingReadiness } from '../features/listings/listing-readiness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A listing whose text is complete (its own checks all pass) while eBay still lacks four facts. */
const item = makeListingItem({
  aiTitle: "Levi's 501 Men's Straight Jeans W32 L30",
  aiDescription: 'Classic straight fit jeans in a mid blue wash, gently worn with no holes, stains or repairs.',
  aiGenerationStatus: 'completed',
  aiSuggestedPrice: null,
  listings: [makeChannelListing({ channel: 'ebay', part: { categoryId: '11483', conditionGrade: 'good' } })],
  category: 'Jeans',
  condition: 'good',
  brand: "Levi's",
  photoCount: 3,
});

const aspect = (name: string) => ({
  field: 'aspects' as const,
  message: `eBay requires ${name} for this category`,
  aspect: { name, allowedValues: [] },
});

/** What the server answers for it: missing eBay facts hold it below green, each named. */
const serverReadiness: ReadinessResponse = {
  itemId: item.id,
  isValid: false,
  errors: ['Price is required'],
  warnings: [],
  checklist: {
    hasTitle: true,
    hasDescription: true,
    hasImages: true,
    hasCategory: true,
    hasCondition: true,
    hasBrand: true,
    hasPrice: false,
    hasPolicies: true,
    hasLocation: true,
    hasConnection: true,
  },
  score: 89,
  preflight: {
    checked: true,
    unavailable: null,
    problems: [aspect('Department'), aspect('Inseam'), aspect('Size Type')],
    categorySuggestions: [],
    condition: null,
  },
  canPublish: false,
};

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/readiness')
        ? new Response(JSON.stringify(serverReadiness), { status: 200 })
        : new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 }),
    ),
  );
}

async function shownReadiness(root: HTMLElement) {
  const panel = await within(root).findByTestId('readiness-panel');
  const bar = within(panel).getByRole('progressbar');
  const errors = within(panel)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace('✕', '').trim());
  return { label: within(panel).getByText('eBay readiness').textContent, percent: bar.getAttribute('aria-valuenow'), errors };
}

describe('one readiness for eBay on every screen', () => {
  it('Generate Listings and the eBay screen show the same percent and the same errors for an item missing eBay facts', async () => {
    stubServer();
    renderWithProviders(
      <>
        <div data-testid="generate-listings">
          <ListingReadiness item={item} />
        </div>
        <ul data-testid="ebay-screen">
          <PublishItemCard item={item} connectionVersion="v1" selected={false} onToggleSelected={vi.fn()} />
        </ul>
      </>,
    );
    const listings = await shownReadiness(screen.getByTestId('generate-listings'));
    const ebay = await shownReadiness(screen.getByTestId('ebay-screen'));
    expect(listings).toEqual(ebay);
    expect(listings.percent).toBe('89');
    expect(listings.errors).toEqual(['Price is required', ...serverReadiness.preflight.problems.map((p) => p.message)]);
    // The listing text alone is complete, and says so in its own words, with no second percent.
    expect(within(screen.getByTestId('generate-listings')).getByTestId('listing-text-state').textContent).toBe('Listing text complete');
    expect(within(screen.getByTestId('generate-listings')).queryByText('100%')).toBeNull();
  });
});
