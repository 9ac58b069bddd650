import type { EbayListingPart, EbayPublishState } from '@shared/contracts/ebay-listing';
import type { ChannelListingView, PublishStatus } from '@shared/contracts/items';
import type { ListingItem } from '@shared/contracts/listings';
import { knownChannelPrice } from '@shared/domain/channel-price';

/** Test factory: a listing card as GET /api/listings answers it (valid against the contract), with overrides. */
export function makeListingItem(overrides: Partial<ListingItem> = {}): ListingItem {
  const now = '2026-01-01T00:00:00.000Z';
  return {
    id: '11111111-1111-4111-8111-111111111111',
    sku: 'PSTFSH-001',
    status: 'draft',
    uploadSessionId: '22222222-2222-4222-8222-222222222222',
    batchId: '33333333-3333-4333-8333-333333333333',
    batchNumber: 1,
    skuAssigned: true,
    photoCount: 1,
    category: null,
    condition: null,
    brand: null,
    currency: 'USD',
    cost: null,
    source: null,
    bundleId: null,
    autoGenerateListing: false,
    createdAt: now,
    updatedAt: now,
    aiTitle: null,
    aiDescription: null,
    aiTags: null,
    aiConditionNotes: null,
    aiGeneratedAt: null,
    aiGenerationStatus: 'pending',
    aiGenerationError: null,
    aiSuggestedPrice: null,
    askingPrice: null,
    aiPricingNotes: null,
    aiMeasurements: null,
    listingReady: false,
    categoryConfidence: null,
    extractedBrand: null,
    extractedSize: null,
    extractedColor: null,
    extractedMaterial: null,
    extractedStyle: null,
    extractedFit: null,
    extractedDepartment: null,
    extractedSizeType: null,
    itemSpecificsJson: null,
    publishReadyScore: null,
    listedAs: null,
    thumbnailUrl: null,
    sale: null,
    listings: [],
    aiEvidence: null,
    aiProvider: null,
    aiInputsFingerprint: null,
    sellerFields: [],
    generationQueued: false,
    ...overrides,
    ...serverPrice(overrides),
  };
}

/**
 * The item's price as the server would answer it for the overrides' asking and AI prices (no price list), by the one
 * price function: a fixture never states a price the server would not.
 */
function serverPrice(overrides: Partial<ListingItem>): Pick<ListingItem, 'price' | 'priceBasis' | 'priceSource'> {
  if ('price' in overrides)
    return { price: overrides.price ?? null, priceBasis: overrides.priceBasis ?? null, priceSource: overrides.priceSource ?? null };
  const currency = overrides.currency ?? 'USD';
  const priced = knownChannelPrice({
    listing: null,
    item: {
      askingPriceMinor: overrides.askingPrice?.amountMinor ?? null,
      aiSuggestedPriceMinor: overrides.aiSuggestedPrice?.amountMinor ?? null,
      currency: overrides.askingPrice?.currency ?? overrides.aiSuggestedPrice?.currency ?? currency,
    },
  });
  return { price: priced?.price ?? null, priceBasis: priced?.basis ?? null, priceSource: priced?.source ?? null };
}

/** Test factory: one entry of the item's `listings` (valid against the contract), with overrides. */
export function makeChannelListing(overrides: Partial<ChannelListingView> = {}): ChannelListingView {
  return {
    channel: 'ebay',
    status: 'draft',
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
    ...overrides,
  };
}

const channelStatusOfPublish = { publishing: 'publishing', published: 'live', sold: 'sold', failed: 'failed', ended: 'ended' } as const;

/**
 * Test factory: the item's eBay entry as eBay's screens used to read it (`publish`, `ebayCategory*`): the publish
 * state (null status: saved settings, never sent), its own price, and eBay's part.
 */
export function makeEbayListing(
  publish: Partial<Omit<EbayPublishState, 'status'>> & { status?: PublishStatus | null } = {},
  part: Partial<EbayListingPart> = {},
): ChannelListingView {
  const own = publish.price ?? null;
  return makeChannelListing({
    channel: 'ebay',
    status: publish.status ? channelStatusOfPublish[publish.status] : 'draft',
    price: own,
    ownPrice: own !== null,
    quantity: publish.quantity ?? 1,
    url: publish.listingUrl ?? null,
    error: publish.error ?? null,
    change: publish.change ?? null,
    part: { settingsSaved: true, ...part },
  });
}
