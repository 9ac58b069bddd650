import { paced } from '@shared/testing/pace';
import { money } from '@shared/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import type { EbayClient } from '../api/ebay-client';
import { EbayApiError } from '../api/ebay-api-error';
import { itemImages, items } from '../../../db/schema';
import { ebayImageUploadsOf, ebayListingRow, seedEbayFields } from '../../../test/ebay-listings';
import { clientForFake, connectFakeSeller, prepareFakeSeller } from '../../../test/fake-ebay-seller';
import { makeJpeg } from '../../../test/images';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';
import { catalogPerClient, createEbayCatalog, type EbayCatalog } from './ebay-catalog';
import { createListingPublisher, type PublishStep } from './listing-publisher';
import { PublishRefused } from './publish-refused';
import type { SellerSession } from './seller-session';
import { publishFailureOf } from './publish-errors';
import { startPublish } from './repo';

let t: TestApp;
let fake: FakeEbay;
let client: EbayClient;
let session: SellerSession;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeEbay();
  client = clientForFake(fake);
}, paced(120_000));
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(async () => {
  session = await connectSeller();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

async function connectSeller(): Promise<SellerSession> {
  const accessToken = await connectFakeSeller(client);
  const setup = await prepareFakeSeller(client, accessToken);
  return { client, accessToken, marketplaceId: 'EBAY_US', currency: 'USD', ...setup };
}

/** An item with 3 photos and a complete AI listing for men's jeans, publishing at $24.99. */
async function readyItem(
  userCookie: string,
  userId: string,
  overrides: Partial<typeof items.$inferInsert> = {},
  ebay: { categoryId?: string | null; conditionGrade?: string | null } = {},
) {
  const jpeg = await makeJpeg(64, 48);
  const { item } = await createItemWithPhotos(t.app, userCookie, [
    { name: '1.jpg', bytes: jpeg },
    { name: '2.jpg', bytes: jpeg },
    { name: '3.jpg', bytes: jpeg },
  ]);
  const db = t.deps.database.db;
  await db
    .update(items)
    .set({
      aiTitle: "Levi's 501 Men's Jeans 32x30 Blue",
      aiDescription: 'Classic straight-leg jeans in a mid-blue wash.\n\nLightly worn, no flaws.',
      extractedBrand: "Levi's",
      extractedDepartment: 'Men',
      extractedSize: '32',
      extractedSizeType: 'Regular',
      extractedColor: 'Blue',
      listingReady: true,
      ...overrides,
    })
    .where(eq(items.id, item.id));
  await seedEbayFields(db, userId, item.id, { categoryId: '11483', conditionGrade: 'good', ...ebay });
  await startPublish(db, userId, { id: item.id, sku: item.sku }, { priced: { price: money(2499), source: 'seller' }, quantity: 1 });
  return item;
}

function publisherFor(afterStep?: (step: PublishStep) => void, catalog: (c: EbayClient) => EbayCatalog = catalogPerClient()) {
  return createListingPublisher({
    db: t.deps.database.db,
    storage: t.deps.storage,
    sellers: { forUser: async () => session },
    catalog,
    afterStep: (step) => afterStep?.(step),
  });
}

const offersOf = (sku: string) => [...fake.state.offers.values()].filter((o) => o.sku === sku);
const listingsOf = (sku: string) => [...fake.state.listings.values()].filter((l) => l.sku === sku);

describe('publishing an item to eBay (fake)', () => {
  it('uploads the photos once, puts the item, makes one offer and publishes it; the row says Published with its URL', async () => {
    const user = await t.makeUser();
    const item = await readyItem(user.cookie, user.id);

    const result = await publisherFor().publish(user.id, item.id);

    expect(result?.listingUrl).toBe(`https://sandbox.ebay.com/itm/${result?.listingId}`);
    const row = await ebayListingRow(t.deps.database.db, item.id);
    expect(row).toMatchObject({ publishStatus: 'published', listingId: result?.listingId, publishError: null, price: money(2499) });
    const ebayItem = fake.snapshot().sellers;
    const stored = Object.values(ebayItem).find((s) => item.sku in s.inventoryItems)!.inventoryItems[item.sku] as {
      condition: string;
      product: { imageUrls: string[]; aspects: Record<string, string[]> };
      availability: { shipToLocationAvailability: { quantity: number } };
    };
    expect(stored.condition).toBe('USED_EXCELLENT');
    expect(stored.product.imageUrls).toHaveLength(3);
    expect(stored.product.aspects).toMatchObject({ Brand: ["Levi's"], Department: ['Men'], Size: ['32'] });
    expect(stored.availability.shipToLocationAvailability.quantity).toBe(1);
    const images = await t.deps.database.db.select().from(itemImages).where(eq(itemImages.itemId, item.id));
    const uploads = await ebayImageUploadsOf(
      t.deps.database.db,
      images.map((i) => i.id),
    );
    expect(uploads).toHaveLength(3);
    expect(uploads.every((u) => u.url.startsWith('https://') && u.expiresAt instanceof Date)).toBe(true);
    expect(offersOf(item.sku)).toHaveLength(1);
  });

  it('sends eBay only the item specifics of its eBay category: those stored for another kind stay home', async () => {
    const user = await t.makeUser();
    // Written first as a top (Sleeve Length, Collar Style), then told it is jeans: the top's specifics are still stored.
    const item = await readyItem(user.cookie, user.id, {
      itemSpecificsJson: { 'Sleeve Length': 'Short Sleeve', 'Collar Style': 'Crew Neck', Material: 'Denim', Type: 'Top' },
    });

    await publisherFor().publish(user.id, item.id);

    const stored = Object.values(fake.snapshot().sellers).find((s) => item.sku in s.inventoryItems)!.inventoryItems[item.sku] as {
      product: { aspects: Record<string, string[]> };
    };
    expect(stored.product.aspects).toEqual({
      Brand: ["Levi's"],
      Department: ['Men'],
      Size: ['32'],
      'Size Type': ['Regular'],
      Color: ['Blue'],
      Material: ['Denim'],
    });
  });

  it.each<PublishStep>(['images', 'item', 'offer', 'published'])(
    'a crash after the %s step, then a retry: exactly one offer and one listing, photos uploaded once',
    async (crashAfter) => {
      const user = await t.makeUser();
      const item = await readyItem(user.cookie, user.id);
      const crash = publisherFor((step) => {
        if (step === crashAfter) throw new Error(`crashed after ${step}`);
      });
      await expect(crash.publish(user.id, item.id)).rejects.toThrow(`crashed after ${crashAfter}`);
      const uploadsBefore = fake.snapshot().sellers;
      const imagesBefore = Object.values(uploadsBefore).reduce((n, s) => n + s.images.length, 0);

      const result = await publisherFor().publish(user.id, item.id);

      expect(offersOf(item.sku)).toHaveLength(1);
      expect(listingsOf(item.sku)).toHaveLength(1);
      expect(listingsOf(item.sku)[0]!.listingId).toBe(result?.listingId);
      const imagesAfter = Object.values(fake.snapshot().sellers).reduce((n, s) => n + s.images.length, 0);
      expect(imagesAfter).toBe(imagesBefore); // the retry reused the eBay URLs kept per photo
    },
  );

  it('a crash between eBay publishing the offer and our commit: the retry reads the live offer and records it, no second publishOffer', async () => {
    const user = await t.makeUser();
    const item = await readyItem(user.cookie, user.id);
    const crash = publisherFor((step) => {
      if (step === 'published') throw new Error('killed before the commit');
    });
    await expect(crash.publish(user.id, item.id)).rejects.toThrow('killed before the commit');
    // eBay has the listing live; our row does not know it yet.
    expect(listingsOf(item.sku)).toHaveLength(1);
    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ publishStatus: 'publishing', listingId: null });

    const result = await publisherFor().publish(user.id, item.id);

    const [listing] = listingsOf(item.sku);
    expect(listing).toMatchObject({ status: 'ACTIVE', publishCount: 1, listingId: result?.listingId });
    expect(fake.state.calls.filter((call) => call.operationId === 'publishOffer')).toHaveLength(1);
    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({
      publishStatus: 'published',
      listingId: listing!.listingId,
      listingUrl: `https://sandbox.ebay.com/itm/${listing!.listingId}`,
    });
  });

  it('refuses before any eBay write when pre-flight finds a missing aspect, naming it with eBay’s values', async () => {
    const user = await t.makeUser();
    const item = await readyItem(user.cookie, user.id, { extractedSizeType: null });
    const failure = await publisherFor()
      .publish(user.id, item.id)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PublishRefused);
    expect((failure as PublishRefused).message).toBe('Size Type is required by eBay: one of Regular, Big & Tall');
    expect(offersOf(item.sku)).toHaveLength(0);
  });

  it('a size as the label reads it goes to eBay as the category’s standard value: W32 L30 as 32x30 (2026 sizes)', async () => {
    const user = await t.makeUser();
    const item = await readyItem(user.cookie, user.id, { extractedSize: 'W32 L30' });
    await publisherFor().publish(user.id, item.id);
    const stored = Object.values(fake.snapshot().sellers).find((s) => item.sku in s.inventoryItems)!.inventoryItems[item.sku] as {
      product: { aspects: Record<string, string[]> };
    };
    expect(stored.product.aspects).toMatchObject({ Size: ['32x30'], 'Size Type': ['Regular'] });
    expect(listingsOf(item.sku)).toHaveLength(1);
  });

  it('a size eBay does not take: the fake refuses it at publish as eBay does, and the pre-flight stops it before any write', async () => {
    const user = await t.makeUser();
    const item = await readyItem(user.cookie, user.id, { extractedSize: 'Huge' });
    // Without the category's sizes (a catalogue that lists none), the listing reaches eBay, which refuses it.
    const blind = (c: EbayClient): EbayCatalog => {
      const real = createEbayCatalog(c);
      return {
        ...real,
        aspects: async (id) => {
          const answer = await real.aspects(id);
          return answer.kind === 'leaf'
            ? { kind: 'leaf', aspects: answer.aspects.map((a) => (a.name === 'Size' ? { ...a, values: [] } : a)) }
            : answer;
        },
      };
    };
    const refused = await publisherFor(undefined, blind)
      .publish(user.id, item.id)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EbayApiError);
    expect((refused as EbayApiError).has(25002)).toBe(true);
    expect(publishFailureOf(refused)?.message).toMatch(/Size has an invalid value "Huge"/);
    expect(listingsOf(item.sku)).toHaveLength(0);

    // With eBay's sizes read from Taxonomy, the pre-flight names Size and its values, and nothing more is written.
    fake.reset();
    session = await connectSeller();
    const failure = await publisherFor()
      .publish(user.id, item.id)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PublishRefused);
    expect((failure as PublishRefused).message).toMatch(/^Size "Huge" is not one of eBay's sizes for this category: choose one of 28, 29/);
    expect((failure as PublishRefused).problems).toEqual([
      expect.objectContaining({ field: 'aspects', aspect: expect.objectContaining({ name: 'Size' }) }),
    ]);
    expect(offersOf(item.sku)).toHaveLength(0);
  });

  it('sends jeans sized as resellers write them ("W32 L32", "32x32") as eBay\'s Size 32 with Inseam 32 where the category lists waists alone', async () => {
    // eBay's jeans categories as the seller met them: Size lists the waist alone (28, 29, 30...), the inseam is its own aspect.
    const waistsOnly = (c: EbayClient): EbayCatalog => {
      const real = createEbayCatalog(c);
      return {
        ...real,
        aspects: async (id) => {
          const answer = await real.aspects(id);
          return answer.kind === 'leaf'
            ? {
                kind: 'leaf',
                aspects: answer.aspects.map((a) => (a.name === 'Size' ? { ...a, values: a.values.filter((v) => !/x/i.test(v)) } : a)),
              }
            : answer;
        },
      };
    };
    const storedAspects = (sku: string) =>
      (
        Object.values(fake.snapshot().sellers).find((s) => sku in s.inventoryItems)!.inventoryItems[sku] as {
          product: { aspects: Record<string, string[]> };
        }
      ).product.aspects;
    const user = await t.makeUser();
    for (const size of ['W32 L32', '32x32']) {
      const item = await readyItem(user.cookie, user.id, { extractedSize: size });
      const result = await publisherFor(undefined, waistsOnly).publish(user.id, item.id);
      expect(result?.listingId, size).toBeTruthy();
      expect(storedAspects(item.sku), size).toMatchObject({ Size: ['32'], Inseam: ['32 in'] });
      expect(listingsOf(item.sku), size).toHaveLength(1);
    }
    // Women's jeans list waists and dress sizes, no waist x inseam: the same.
    const womens = await readyItem(
      user.cookie,
      user.id,
      { extractedSize: 'W32 L32', extractedDepartment: 'Women' },
      { categoryId: '11554' },
    );
    await publisherFor().publish(user.id, womens.id);
    expect(storedAspects(womens.sku)).toMatchObject({ Size: ['32'], Inseam: ['32 in'] });
  });

  it('sends "M" and "UK 9" in eBay US\'s own sizes, and asks an EU shoe size before anything is sent', async () => {
    const user = await t.makeUser();
    const aspectsOf = (sku: string) =>
      (
        Object.values(fake.snapshot().sellers).find((s) => sku in s.inventoryItems)!.inventoryItems[sku] as {
          product: { aspects: Record<string, string[]> };
        }
      ).product.aspects;
    const tee = await readyItem(user.cookie, user.id, { extractedSize: 'M' }, { categoryId: '15687' });
    await publisherFor().publish(user.id, tee.id);
    expect(aspectsOf(tee.sku)).toMatchObject({ Size: ['M'] });
    const boots = await readyItem(
      user.cookie,
      user.id,
      { extractedSize: 'UK 9', extractedSizeType: null, category: 'Shoes' },
      { categoryId: '11498' },
    );
    await publisherFor().publish(user.id, boots.id);
    expect(aspectsOf(boots.sku)).toMatchObject({ 'US Shoe Size': ['10'] });
    const eu = await readyItem(
      user.cookie,
      user.id,
      { extractedSize: 'EU 43', extractedSizeType: null, category: 'Shoes' },
      { categoryId: '11498' },
    );
    const failure = await publisherFor()
      .publish(user.id, eu.id)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PublishRefused);
    expect((failure as PublishRefused).message).toMatch(/^Size "EU 43" is not one of eBay's sizes for this category/);
    expect(offersOf(eu.sku)).toHaveLength(0);
  });

  it('a publish eBay refuses (missing Department) gives the seller the field to fix in words', async () => {
    const user = await t.makeUser();
    const item = await readyItem(user.cookie, user.id);
    fake.failPublish('missing-department');
    const failure = await publisherFor()
      .publish(user.id, item.id)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EbayApiError);
    expect(publishFailureOf(failure)).toEqual({
      field: 'aspects',
      message:
        'Add Department in Quick Fix. eBay: The item specific Department is missing. Add Department to this listing, enter a valid value, and then try again.',
    });
    // Fixed and published again: still one offer.
    await publisherFor().publish(user.id, item.id);
    expect(offersOf(item.sku)).toHaveLength(1);
    expect(listingsOf(item.sku)).toHaveLength(1);
  });

  it('a price of 0 is refused with the agreed words', async () => {
    const user = await t.makeUser();
    const item = await readyItem(user.cookie, user.id);
    await startPublish(
      t.deps.database.db,
      user.id,
      { id: item.id, sku: item.sku },
      { priced: { price: money(0), source: 'seller' }, quantity: 1 },
    );
    await expect(publisherFor().publish(user.id, item.id)).rejects.toThrow('Missing required fields. Price and Category are required.');
  });

  it('another user’s item is not published', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const item = await readyItem(owner.cookie, owner.id);
    expect(await publisherFor().publish(other.id, item.id)).toBeNull();
    expect(offersOf(item.sku)).toHaveLength(0);
  });
});
