import { paced } from '@shared/testing/pace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '@shared/domain/catalog';
import { preflightScoreOf, type PreflightScore } from '@shared/domain/preflight-score';
import { startFakeShopify, type FakeShopify } from '../../../../fakes/shopify/shopify-server';
import { seeded } from '../../test/seeded-random';
import { createShopifyClient, type ShopifyClient } from './api/shopify-client';
import { ShopifyGraphqlError, ShopifyUserError } from './api/shopify-errors';
import type { ShopifySession } from './api/shopify-graphql';
import type { Publishable } from '../channel-listing-repo';
import { handleOfSku, shopifyProblemsOf, shopifyProductOf, shopifyRules } from './shopify-preflight';

/**
 * The pre-flight's proof for Shopify, as preflight-acceptance.test.ts is eBay's and etsy-preflight-acceptance.test.ts Etsy's:
 * stores in six currencies, then 200 generated items across the categories (titles long and short, odd characters,
 * prices from 0 to huge, photos from none to more than Shopify takes, many and long tags, sizes, the store's currency
 * or another), each checked by the pre-flight and sent to the fake Shopify exactly as the publisher sends it (the same
 * product builder, productSet then publishablePublish through the real client). No item the pre-flight calls green may
 * be refused by a rule Shopify documents (fakes/shopify/RULES.md).
 */

const ITEMS = 200;
const CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'JPY'] as const;
type Store = { session: ShopifySession; currency: string; locationId: string; publicationId: string };

let fake: FakeShopify;
let client: ShopifyClient;
const stores: Store[] = [];

async function connect(shop: string, currency: string): Promise<Store> {
  fake.shop(shop).currency = currency;
  const consent = await fetch(client.authorizeUrl({ shop, redirectUri: 'http://localhost:3000/cb', state: 's' }), { redirect: 'manual' });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const session = await client.exchangeCode(shop, code);
  const info = await client.shopInfo(session);
  return { session, currency: info.currency, locationId: info.locationId!, publicationId: info.onlineStorePublicationId! };
}

beforeAll(async () => {
  fake = await startFakeShopify();
  client = createShopifyClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, shopOrigin: fake.originOf });
  for (const currency of CURRENCIES) stores.push(await connect(`preflight-${currency.toLowerCase()}.myshopify.com`, currency));
});
afterAll(() => fake?.close());

const sizes = ['32x30', 'M', 'UK 12', 'EU 38', '10.5', 'XL Tall', '14W', 'One Size'];
const titles = [
  (i: number, size: string) => `Vintage Levi's 501 Jeans ${size} #${i}`,
  (i: number, size: string) => `Pendleton Wool Shirt, Size ${size} – 1970s ${i}`,
  (i: number) => `Black & White <Striped> "Tee" ${i}`,
  (i: number) => `Coach™ Leather Bag 🔥 ${i}`,
  (i: number) => `Robe d'été à fleurs — Größe 38 · 夏のドレス ${i}`,
  (i: number) => `T${i}`,
  // At Shopify's limit, counted in characters (an emoji is one), and one over it.
  () => '👗'.repeat(shopifyRules.titleMax),
  (i: number) => `${'Long vintage denim jacket '.repeat(10)}${i}`.slice(0, shopifyRules.titleMax + 1 + (i % 40)),
  () => '',
  () => '   ',
];
const tagLists = [
  ['vintage', '90s denim'],
  ['Vintage', 'vintage', ' wool  shirt ', ''],
  Array.from({ length: 300 }, (_, n) => `tag ${n}`),
  ['fine', 'x'.repeat(shopifyRules.tagMax + 1), 'y'.repeat(shopifyRules.tagMax)],
  [],
];
const prices = (currency: string, random: ReturnType<typeof seeded>) =>
  random.chance(0.08)
    ? random.pick([null, 0, 1, 99_999_999_999, 999_999_999_999])
    : currency === 'JPY'
      ? random.int(300, 500_000)
      : random.int(100, 5_000_000);

function generate(i: number, random: ReturnType<typeof seeded>) {
  const store = random.pick(stores);
  const currency = random.chance(0.1) ? random.pick(CURRENCIES) : store.currency;
  const size = random.pick(sizes);
  const imageCount = random.chance(0.05)
    ? 0
    : random.chance(0.04)
      ? random.int(shopifyRules.photosMax - 3, shopifyRules.photosMax + 10)
      : random.int(1, 24);
  const titled = random.chance(0.7) ? random.pick(titles.slice(0, 6)) : random.pick(titles);
  const subject = {
    item: {
      id: `item-${i}`,
      sku: `SHOP-PF-${String(i).padStart(4, '0')}`,
      category: random.pick(CATEGORIES),
      condition: 'good',
      extractedSize: size,
      aiTitle: titled(i, size),
      aiDescription: random.chance(0.05) ? null : 'Gently worn, no flaws.\n\nMeasurements in the photos: <pit to pit> 21" & length 28".',
      aiTags: random.pick(tagLists),
      aiSuggestedPriceMinor: prices(currency, random),
      currency,
    },
    listing: undefined,
    priceList: null,
    rule: null,
    images: Array.from({ length: imageCount }),
  } as unknown as Publishable; // the columns the pre-flight and the product builder read; the rest is the database's
  return { subject, store, imageCount };
}

/** Sends the item as the publisher does (productSet, then the Online Store); Shopify's refusal, 'not sendable', or null. */
async function send(item: ReturnType<typeof generate>, checked: ReturnType<typeof shopifyProblemsOf>) {
  if (!checked.text.price) return 'not sendable';
  const { subject, store } = item;
  const photoUrls = Array.from({ length: item.imageCount }, (_, n) => `https://studio.example/files/${subject.item.sku}/${n}.jpg?sig=abc`);
  const product = shopifyProductOf(checked.text, {
    sku: subject.item.sku,
    photoUrls,
    quantity: 1,
    locationId: store.locationId,
    handle: handleOfSku(subject.item.sku),
  });
  try {
    const made = await client.createProduct(store.session, product);
    await client.publish(store.session, made.productId, store.publicationId);
    return null;
  } catch (error) {
    if (error instanceof ShopifyUserError)
      return `${error.operation}: ${error.userErrors.map((e) => `${e.code ?? ''} ${e.message}`).join('; ')}`;
    if (error instanceof ShopifyGraphqlError) return `query refused: ${error.message}`;
    throw error;
  }
}

describe('pre-flight against the fake Shopify: 200 items', () => {
  it(
    'publishes every item it calls green without one refusal, and the fake refuses the reds that break a rule',
    async () => {
      const random = seeded(4646_3);
      const counts: Record<PreflightScore, number> = { green: 0, amber: 0, red: 0 };
      const greenRefused: string[] = [];
      const redRefusedBy = new Map<string, number>();
      // The reds Shopify itself would take (the app's own rules: a photo, a price, the store's currency), by reason.
      const redTakenFor = new Map<string, number>();
      let redTaken = 0;
      let redNotSendable = 0;
      // Green items whose own tags break Shopify's tag rules: sent as shopifyTagsOf leaves them, and taken.
      let greenWithRawTagsOverLimit = 0;
      for (let i = 0; i < ITEMS; i++) {
        const item = generate(i, random);
        const checked = shopifyProblemsOf(item.subject, item.store.currency);
        const { score } = preflightScoreOf('Shopify', {
          checked: true,
          unavailable: null,
          refusals: checked.problems.map((p) => p.message),
        });
        counts[score] += 1;
        const outcome = await send(item, checked);
        if (score === 'green' && outcome !== null) greenRefused.push(`${item.subject.item.sku}: ${outcome}`);
        const rawTags = item.subject.item.aiTags ?? [];
        if (score === 'green' && (rawTags.length > shopifyRules.tagsMax || rawTags.some((tag) => [...tag].length > shopifyRules.tagMax)))
          greenWithRawTagsOverLimit += 1;
        if (score === 'red') {
          if (outcome === 'not sendable') redNotSendable += 1;
          else if (outcome === null) {
            redTaken += 1;
            for (const p of checked.problems) redTakenFor.set(p.field, (redTakenFor.get(p.field) ?? 0) + 1);
          } else {
            const key = outcome.replace(/\d+/g, 'N');
            redRefusedBy.set(key, (redRefusedBy.get(key) ?? 0) + 1);
          }
        }
      }
      const figures = { items: ITEMS, ...counts, greenRefused: greenRefused.length, redTaken, redNotSendable, greenWithRawTagsOverLimit };
      console.info(
        `shopify preflight acceptance: ${JSON.stringify(figures)} refused: ${JSON.stringify(Object.fromEntries(redRefusedBy))}` +
          ` taken red by field: ${JSON.stringify(Object.fromEntries(redTakenFor))}`,
      );
      expect(greenRefused).toEqual([]);
      // The generator reaches Shopify's rules and the fake refuses the reds that break them: not a test that cannot fail.
      expect(counts.green).toBeGreaterThan(100);
      const refusedFor = (words: RegExp) => [...redRefusedBy].some(([message]) => words.test(message));
      expect(refusedFor(/Title can't be blank/)).toBe(true);
      expect(refusedFor(/Title is too long/)).toBe(true);
      expect(refusedFor(/limit of media per product/)).toBe(true);
      expect(greenWithRawTagsOverLimit).toBeGreaterThan(0);
      expect(fake.contractViolations).toEqual([]);
    },
    paced(120_000),
  );

  it('the fake refuses the tags the app leaves out: more than 250, or one longer than 255 characters', async () => {
    const store = stores[0]!;
    const base = {
      title: 'Tagged jacket',
      descriptionHtml: '',
      photoUrls: ['https://studio.example/files/t/0.jpg'],
      price: { amountMinor: 1200, currency: store.currency },
      quantity: 1,
      locationId: store.locationId,
    };
    const refusal = (tags: string[], sku: string) =>
      client.createProduct(store.session, { ...base, tags, sku, handle: handleOfSku(sku) }).then(
        () => null,
        (error: unknown) => (error instanceof ShopifyUserError ? error.userErrors : error),
      );
    expect(
      await refusal(
        Array.from({ length: 251 }, (_, n) => `t${n}`),
        'TAGS-MANY',
      ),
    ).toEqual([{ field: ['input', 'tags'], message: 'Tags cannot be more than 250.', code: 'INVALID_PRODUCT' }]);
    expect(await refusal(['ok', 'x'.repeat(256)], 'TAGS-LONG')).toEqual([
      { field: ['input', 'tags', '1'], message: 'Tag is too long (maximum is 255 characters)', code: 'INVALID_PRODUCT' },
    ]);
    expect([...fake.shop(store.session.shop).products.values()].some((p) => p.title === 'Tagged jacket')).toBe(false);
    expect(fake.contractViolations).toEqual([]);
  });
});
