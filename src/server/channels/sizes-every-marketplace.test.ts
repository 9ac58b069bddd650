import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsPaths, type ListOnChannelsResponse } from '@shared/contracts/channels';
import { publishPaths } from '@shared/contracts/publish';
import { depopSizeLabel } from '@shared/contracts/depop-taxonomy';
import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import { money } from '@shared/domain/money';
import { channelListings, items } from '../db/schema';
import { connectedSeller, type RunningApp, type Seller } from '../test/crosslisted-items';
import { seedEbayFields } from '../test/ebay-listings';
import { startFourMarketplaces, type FourMarketplaces } from '../test/four-marketplaces';
import { makeJpeg } from '../test/images';
import { createItemWithPhotos } from '../test/uploads';

/**
 * The sizes resellers write ("W32 L32", "32x32", "UK 9", "EU 43", "M") on eBay, Etsy, Shopify and Depop, the real app
 * against the fakes: on each marketplace either the listing goes live with the size in that marketplace's own system
 * (read back from what the fake received), or the pre-flight asks the size before anything is sent. Never refused
 * after publishing: no listing fails, and a marketplace that asked holds nothing of the item.
 */
let four: FourMarketplaces;
let fakes: FourMarketplaces['fakes'];
let running: RunningApp;
let seller: Seller;

beforeAll(async () => {
  four = await startFourMarketplaces('sizes-every');
  ({ fakes, running } = four);
  seller = await connectedSeller(running, fakes);
  // Depop's shipping price once for every item (decision 168): only Depop's size is left to the item.
  const shipping = await running.app.inject({
    method: 'PUT',
    url: '/api/depop/shop-settings',
    payload: { nationalShipping: money(500) },
    headers: { cookie: seller.cookie },
  });
  expect(shipping.statusCode, shipping.body).toBe(200);
}, paced(120_000));
afterAll(() => four?.close());

const db = () => running.deps.database.db;

type Kind = { category: string; ebayCategoryId: string; title: string };
const JEANS: Kind = { category: 'Mens Jeans', ebayCategoryId: '11483', title: "Levi's 501 Men's Jeans Blue" };
const SHOES: Kind = { category: 'Shoes', ebayCategoryId: '24087', title: "Clarks Men's Leather Shoes Brown" };
const TEE: Kind = { category: 'Mens Tops', ebayCategoryId: '15687', title: "Nike Men's Logo T-Shirt Grey" };

/** What a marketplace received, or that it asked the size first. */
type Outcome = { live: string } | 'asked';

/**
 * The five sizes on the four marketplaces. eBay US lists its own US sizes (UK 9 is US 10 in men's; an EU shoe size
 * depends on the brand, so it is asked); Etsy's shoe size has a US/Canada, a UK and an EU scale, its trousers a waist
 * scale; Shopify's option is the seller's words; Depop sizes jeans by the waist and shoes by UK sizes only (EU asked).
 */
const table: { size: string; kind: Kind; expected: Record<ApiChannel, Outcome> }[] = [
  {
    size: 'W32 L32',
    kind: JEANS,
    expected: { ebay: { live: 'Size 32x32' }, etsy: { live: 'Size: Waist 32' }, shopify: { live: 'W32 L32' }, depop: { live: 'W32' } },
  },
  {
    size: '32x32',
    kind: JEANS,
    expected: { ebay: { live: 'Size 32x32' }, etsy: { live: 'Size: Waist 32' }, shopify: { live: '32x32' }, depop: { live: 'W32' } },
  },
  {
    size: 'UK 9',
    kind: SHOES,
    expected: { ebay: { live: 'US Shoe Size 10' }, etsy: { live: 'Shoe size: UK 9' }, shopify: { live: 'UK 9' }, depop: { live: 'UK 9' } },
  },
  {
    size: 'EU 43',
    kind: SHOES,
    expected: { ebay: 'asked', etsy: { live: 'Shoe size: EU 43' }, shopify: { live: 'EU 43' }, depop: 'asked' },
  },
  {
    size: 'M',
    kind: TEE,
    expected: { ebay: { live: 'Size M' }, etsy: { live: 'Size: Letter M' }, shopify: { live: 'M' }, depop: { live: 'M' } },
  },
];

async function itemSized(size: string, kind: Kind) {
  const { item } = await createItemWithPhotos(running.app, seller.cookie, [{ name: 'front.jpg', bytes: await makeJpeg(64, 48) }]);
  await db()
    .update(items)
    .set({
      aiTitle: kind.title,
      aiDescription: 'Worn a few times, no flaws. Measurements in the photos.',
      category: kind.category,
      condition: 'good',
      extractedBrand: kind.title.split(' ')[0]!,
      extractedDepartment: 'Men',
      extractedSize: size,
      extractedSizeType: kind === SHOES ? null : 'Regular',
      extractedColor: 'Blue',
      aiSuggestedPriceMinor: 3000,
      listingReady: true,
    })
    .where(eq(items.id, item.id));
  await seedEbayFields(db(), seller.id, item.id, { categoryId: kind.ebayCategoryId, conditionGrade: 'good' });
  await running.deps.services.channels.etsy.marketplace.saveWhenMade(seller.id, item.id, '1990s');
  return item;
}

const statusOf = async (itemId: string, channel: ApiChannel) =>
  (
    await db()
      .select({ status: channelListings.status, error: channelListings.error, data: channelListings.data })
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel)))
  )[0];

/** The size each marketplace holds for the SKU, in its own words; undefined: it holds nothing of it. */
async function sizesOnTheMarketplaces(itemId: string, sku: string): Promise<Record<ApiChannel, string | undefined>> {
  const ebaySku = ((await statusOf(itemId, 'ebay'))?.data as { ebaySku?: string } | undefined)?.ebaySku ?? sku;
  const inventory = Object.values(fakes.ebay.snapshot().sellers).find((s) => ebaySku in s.inventoryItems)?.inventoryItems[ebaySku] as
    { product: { aspects: Record<string, string[]> } } | undefined;
  const aspects = inventory?.product.aspects ?? {};
  const ebay = inventory
    ? ['Size', 'US Shoe Size', 'Inseam']
        .filter((name) => aspects[name])
        .map((name) => `${name} ${aspects[name]!.join(', ')}`)
        .join(', ')
    : undefined;
  const etsyListing = fakes.etsy.snapshot().listings.find((l) => l.sku === sku);
  const etsy = etsyListing?.properties.map((p) => `${p.property_name}: ${p.scale_name} ${p.values.join(', ')}`).join('; ');
  const variant = [...fakes.shopify.shop(seller.shop!).products.values()].flatMap((p) => p.variants).find((v) => v.sku === sku);
  const shopify = variant?.selectedOptions?.find((o) => o.name === 'Size')?.value;
  const product = fakes.depop.snapshot().products.find((p) => p.sku === sku);
  const depop = product ? (depopSizeLabel(product.sizeSetId ?? 0, product.sizeIds[0] ?? 0) ?? `size ${product.sizeIds[0]}`) : undefined;
  return { ebay: ebay || (inventory ? '(no size)' : undefined), etsy: etsyListing ? etsy || '(no size)' : undefined, shopify, depop };
}

describe('sizes as resellers write them, on every marketplace', () => {
  it.each(table)(
    '$size: live in each marketplace’s own size, or asked before anything is sent',
    async ({ size, kind, expected }) => {
      const item = await itemSized(size, kind);
      const listed = await running.app.inject({
        method: 'POST',
        url: channelsPaths.listings,
        payload: { itemIds: [item.id], channels: [...apiChannels] },
        headers: { cookie: seller.cookie },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const outcomes = (listed.json() as ListOnChannelsResponse).channels;
      for (const channel of apiChannels) {
        const outcome = outcomes.find((o) => o.channel === channel)!;
        if (expected[channel] === 'asked') {
          // Asked in words, naming the size, before anything is sent.
          expect(outcome.queued, `${size} on ${channel}`).toEqual([]);
          expect(outcome.refused.map((r) => r.message).join(' '), `${size} on ${channel}`).toMatch(/size/i);
        } else expect(outcome.queued, `${size} on ${channel}: ${JSON.stringify(outcome.refused)}`).toEqual([item.id]);
      }
      for (const channel of apiChannels) {
        if (expected[channel] === 'asked') continue;
        await expect
          .poll(async () => (await statusOf(item.id, channel))?.status, {
            timeout: paced(30_000),
            interval: 100,
            message: `${size} on ${channel}`,
          })
          .toMatch(/^(live|failed)$/);
        const row = await statusOf(item.id, channel);
        expect(row, `${size} on ${channel}: ${row?.error}`).toMatchObject({ status: 'live' });
      }
      const received = await sizesOnTheMarketplaces(item.id, item.sku);
      expect(received).toEqual(
        Object.fromEntries(apiChannels.map((channel) => [channel, expected[channel] === 'asked' ? undefined : expected[channel].live])),
      );
      expect(fakes.etsy.contractViolations).toEqual([]);
    },
    120_000,
  );

  it(
    'a size Etsy’s chart has not (W50 L30) is asked by Etsy’s pre-flight in words with its sizes; answered, it goes live in it',
    async () => {
      const item = await itemSized('W50 L30', JEANS);
      const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        running.app.inject({ method, url, payload, headers: { cookie: seller.cookie } });
      const listed = await inject('POST', channelsPaths.listings, { itemIds: [item.id], channels: ['etsy'] });
      const [outcome] = (listed.json() as ListOnChannelsResponse).channels;
      expect(outcome!.queued).toEqual([]);
      expect(outcome!.refused[0]?.message).toContain(
        `Etsy needs a size from its own chart for Jeans: pick one ("W50 L30" is not one of Etsy's)`,
      );
      // The review form's question: the item's Size, from Etsy's values, each said with its scale.
      const preflight = await running.deps.services.channels.etsy.marketplace.preflight(seller.id, item.id);
      const asked = preflight.problems.find((p) => p.aspect)?.aspect;
      expect(asked?.name).toBe('Size');
      expect(asked?.allowedValues).toEqual(expect.arrayContaining(['M', 'W32', 'W44']));
      expect(fakes.etsy.snapshot().listings.some((l) => l.sku === item.sku)).toBe(false);

      // Answered as the review form answers it (the Quick Fix's aspects): W44, Etsy's largest waist.
      expect((await inject('PATCH', publishPaths.quickFix(item.id), { aspects: { Size: 'W44' } })).statusCode).toBe(200);
      const again = await inject('POST', channelsPaths.listings, { itemIds: [item.id], channels: ['etsy'] });
      expect((again.json() as ListOnChannelsResponse).channels[0]!.queued).toEqual([item.id]);
      await expect.poll(async () => (await statusOf(item.id, 'etsy'))?.status, { timeout: paced(30_000), interval: 100 }).toBe('live');
      expect((await sizesOnTheMarketplaces(item.id, item.sku)).etsy).toBe('Size: Waist 44');
    },
    paced(120_000),
  );
});
