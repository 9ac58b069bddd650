/**
 * Browse in the fake (buy_browse contract): item_summary/search and item_summary/search_by_image answer active
 * listings. What they answer is set per query through `comparables` (the control endpoint POST /__control/comparables
 * {q?, byImage?, listings}); unset, a believable list derived from the query (or the photo's bytes), the same each time.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiHandler } from './fake-ebay-api-call';
import { browseQueryProblem, browseWarnings } from './fake-ebay-browse-rules';
import { ebayError } from './fake-ebay-errors';

/** A listing the fake answers; an itemId shared by the keyword and the image answer is one listing found both ways. */
export interface FakeBrowseListing {
  itemId?: string;
  title?: string;
  price: number;
  /** Null: calculated shipping (no cost given), as eBay answers it. */
  shipping?: number | null;
  condition?: string;
  conditionId?: string;
  categoryId?: string;
  /** The listing's own currency; unset: the searched marketplace's. Another one is answered converted, as eBay does. */
  currency?: string;
}

/** What each search answers; a missing entry falls back to the derived list. */
export class FakeBrowseAnswers {
  private byQuery = new Map<string, FakeBrowseListing[]>();
  anyQuery: FakeBrowseListing[] | null = null;
  byImage: FakeBrowseListing[] | null = null;
  /** Every listing answered, by legacy item id: the fake's /itm/{id} page shows them. */
  readonly answered = new Map<string, { title: string; price: string; condition: string }>();

  set(input: { q?: string; byImage?: boolean; listings: FakeBrowseListing[] }) {
    if (input.byImage) this.byImage = input.listings;
    else if (input.q !== undefined) this.byQuery.set(queryKey(input.q), input.listings);
    else this.anyQuery = input.listings;
  }

  forQuery(q: string): FakeBrowseListing[] | null {
    return this.byQuery.get(queryKey(q)) ?? this.anyQuery;
  }

  reset() {
    this.byQuery.clear();
    this.anyQuery = null;
    this.byImage = null;
    this.answered.clear();
  }
}

const queryKey = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');

const conditionNames: Record<string, string> = {
  '1000': 'New with tags',
  '1500': 'New without tags',
  '1750': 'New with defects',
  '2990': 'Pre-owned - Excellent',
  '3000': 'Pre-owned - Good',
  '3010': 'Pre-owned - Fair',
};

const styles = ['classic', 'vintage', 'slim fit', 'relaxed', 'everyday', 'soft', 'heavyweight', 'lightweight'];

/** A believable list for a seed: 6 to 15 listings, prices rising from a base by a fixed step, shipping varied. */
export function derivedListings(seed: string, title: string, conditionId: string | null): FakeBrowseListing[] {
  const h = createHash('sha256').update(seed).digest();
  const count = 6 + (h[0]! % 10);
  const base = 14 + (h[1]! % 20);
  const step = 2 + (h[2]! % 4);
  return Array.from({ length: count }, (_, i) => ({
    itemId: `v1|${110000000000 + h.readUInt32BE(4) * 16 + i}|0`,
    title: `${title} ${styles[(h[3]! + i) % styles.length]}`.trim(),
    price: base + i * step + (i % 2 ? 0.99 : 0),
    shipping: [0, 5.99, null][i % 3]!,
    conditionId: conditionId ?? '3000',
  }));
}

/**
 * The marketplaces' currencies (Browse's MarketplaceIdEnum, those the app sells on). An invalid or missing
 * X-EBAY-C-MARKETPLACE-ID is EBAY_US, as the contract says.
 */
const marketplaceCurrencies: Record<string, [currency: string, country: string]> = {
  EBAY_US: ['USD', 'US'],
  EBAY_GB: ['GBP', 'GB'],
  EBAY_DE: ['EUR', 'DE'],
  EBAY_FR: ['EUR', 'FR'],
  EBAY_IT: ['EUR', 'IT'],
  EBAY_ES: ['EUR', 'ES'],
  EBAY_CA: ['CAD', 'CA'],
  EBAY_AU: ['AUD', 'AU'],
};

export const marketplaceOf = (headers: IncomingHttpHeaders) => {
  const id = String(headers['x-ebay-c-marketplace-id'] ?? '');
  const [currency, country] = marketplaceCurrencies[id] ?? marketplaceCurrencies.EBAY_US!;
  return { currency, country };
};

/**
 * An amount as Browse answers it to a buyer of `currency`: a listing priced in another currency comes converted, its
 * own amount in convertedFromValue/convertedFromCurrency. The fake knows no exchange rates: the converted value keeps
 * the number (what the app must do is leave such a listing out, whatever the rate).
 */
const money = (value: number, currency: string, own = currency) =>
  own === currency
    ? { value: value.toFixed(2), currency }
    : { value: value.toFixed(2), currency, convertedFromValue: value.toFixed(2), convertedFromCurrency: own };

/** The listings as eBay's ItemSummary, filtered by the request's condition and category as eBay would. */
function summaries(
  listings: FakeBrowseListing[],
  query: URLSearchParams,
  origin: string,
  answers: FakeBrowseAnswers,
  market: { currency: string; country: string },
) {
  const conditions = /conditionIds:\{([^}]*)\}/.exec(query.get('filter') ?? '')?.[1]?.split('|') ?? null;
  const category = query.get('category_ids');
  const limit = Math.min(200, Number(query.get('limit') ?? 50) || 50);
  const kept = listings.filter(
    (l) =>
      (!conditions || !l.conditionId || conditions.includes(l.conditionId)) && (!category || !l.categoryId || l.categoryId === category),
  );
  return {
    total: kept.length,
    limit,
    offset: 0,
    itemSummaries: kept.slice(0, limit).map((listing, i) => {
      const itemId = listing.itemId ?? `v1|${120000000000 + i}|0`;
      const legacyItemId = itemId.split('|')[1] ?? itemId;
      const conditionId = listing.conditionId ?? conditions?.[0] ?? '3000';
      const condition = listing.condition ?? conditionNames[conditionId] ?? 'Pre-owned';
      const title = listing.title ?? `Listing ${legacyItemId}`;
      answers.answered.set(legacyItemId, { title, price: listing.price.toFixed(2), condition });
      return {
        itemId,
        legacyItemId,
        title,
        price: money(listing.price, market.currency, listing.currency),
        shippingOptions:
          listing.shipping === null
            ? [{ shippingCostType: 'CALCULATED' }]
            : [{ shippingCostType: 'FIXED', shippingCost: money(listing.shipping ?? 0, market.currency, listing.currency) }],
        condition,
        conditionId,
        image: { imageUrl: `${origin}/images/cmp${legacyItemId}/${Number(legacyItemId.slice(-2)) % 5}.jpg` },
        itemWebUrl: `${origin}/itm/${legacyItemId}`,
        buyingOptions: ['FIXED_PRICE'],
        categories: category ? [{ categoryId: listing.categoryId ?? category }] : [],
        leafCategoryIds: category ? [listing.categoryId ?? category] : [],
        itemLocation: { country: market.country },
      };
    }),
  };
}

const browseError = (message: string) => ebayError(400, 12001, message, { domain: 'API_BROWSE' });

/** The query's documented refusal, or null; the marketplace header as the request sent it. */
const queryProblem = (call: Parameters<ApiHandler>[0]) =>
  browseQueryProblem(call.query, call.headers['x-ebay-c-marketplace-id'] as string | undefined);
/** The summaries with the warnings of what eBay ignored in the query. */
const withWarnings = (body: ReturnType<typeof summaries>, query: URLSearchParams) => {
  const warnings = browseWarnings(query);
  return warnings.length ? { ...body, warnings } : body;
};

export const browseHandlers: Record<string, ApiHandler> = {
  search(call, state) {
    const problem = queryProblem(call);
    if (problem) return problem;
    const q = call.query.get('q') ?? '';
    if (!q.trim() && !call.query.get('category_ids')) return browseError('The call must have a q, category_ids, epid or gtin.');
    const conditionId = /conditionIds:\{([^}|]*)/.exec(call.query.get('filter') ?? '')?.[1] ?? null;
    const listings =
      state.browse.forQuery(q) ?? derivedListings(`q:${queryKey(q)}|${call.query.get('category_ids') ?? ''}`, q, conditionId);
    return {
      status: 200,
      body: withWarnings(summaries(listings, call.query, call.origin, state.browse, marketplaceOf(call.headers)), call.query),
    };
  },
  searchByImage(call, state) {
    const problem = queryProblem(call);
    if (problem) return problem;
    const image = typeof call.json?.image === 'string' ? Buffer.from(call.json.image, 'base64') : Buffer.alloc(0);
    if (!image.length || !/^[A-Za-z0-9+/]+={0,2}$/.test(String(call.json?.image)))
      return ebayError(400, 12501, 'The image data is empty, is not Base64 encoded, or is invalid.', { domain: 'API_BROWSE' });
    const conditionId = /conditionIds:\{([^}|]*)/.exec(call.query.get('filter') ?? '')?.[1] ?? null;
    const seed = createHash('sha256').update(image).digest('hex');
    const listings = state.browse.byImage ?? derivedListings(`image:${seed}`, 'Similar item', conditionId).slice(0, 5);
    return {
      status: 200,
      body: withWarnings(summaries(listings, call.query, call.origin, state.browse, marketplaceOf(call.headers)), call.query),
    };
  },
};
