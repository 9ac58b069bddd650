import { paced } from '@shared/testing/pace';
import { routeUrl } from '@shared/contracts/route-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopilotApi, autopilotPaths, type AutopilotAsksResponse, type AutopilotRunResponse } from '@shared/contracts/autopilot';
import { money } from '@shared/domain/money';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { jobs } from '../db/schema';
import { composeServices } from '../compose';
import { sharedLabelOcr } from '../adapters/ai/label-reading/label-ocr';
import { ebaySetupFrom } from '../channels/ebay/setup';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { connectFakeEbayAccount, fakeEbayEnv } from '../test/fake-ebay-seller';
import { garmentPhoto } from '../test/garment-photos';
import { barcodePhoto } from '../test/barcode-photos';
import { labelPhoto, type LabelSpec } from '../test/label-photos';
import { drain, getListing, silentLog } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { uploadProduct } from '../test/uploads';

/**
 * Decision 165, through the real job on the default install: a product photographed with its brand tag, size tag, care
 * label and barcode (drawn by the project, read by the real offline OCR and ZXing) is written with brand, size,
 * composition and EAN filled from the photos, each with the text read as its evidence, and the review queue no longer asks them; what the seller
 * typed stays theirs.
 */

let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;
let user: TestUser;

const label = (seed: number, lines: LabelSpec['lines']): Promise<Buffer> =>
  labelPhoto(
    { kind: 'swing tag', lines, home: 'US', seed, truth: { brand: null, size: null, composition: null, country: null, rn: null } },
    { clean: true, size: 640 },
  );

let photos: { name: string; bytes: Buffer }[];

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({ ...fakeEbayEnv(fake), LABEL_READING: 'on' });
  const services = composeServices({ ...t.deps, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config) });
  pool = createWorkerPool({ db: t.deps.database.db, registry: services.jobs, log: silentLog, concurrency: 1 });
  fake.state.sellers.push({ userId: 'labelsimmutable', username: 'label_seller' });
  user = await t.makeUser();
  await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId: 'labelsimmutable', readyToPublish: true });
  photos = [
    { name: '1.jpg', bytes: await garmentPhoto({ garment: '#44618a', background: '#f4f3f0', shape: 'trousers', seed: 7 }) },
    { name: '2.jpg', bytes: await label(3, [{ text: "LEVI'S", scale: 2.4, bold: true }]) },
    { name: '3.jpg', bytes: await label(5, [{ text: 'W32 L32', scale: 1.8, bold: true }]) },
    {
      name: '4.jpg',
      bytes: await label(8, [
        { text: '100% COTTON', scale: 1 },
        { text: 'MADE IN BANGLADESH', scale: 1 },
      ]),
    },
    { name: '5.jpg', bytes: await barcodePhoto('5012345678900') },
  ];
  // The reader's models load once per process, here rather than inside the first test's time.
  await sharedLabelOcr().read(photos[1]!.bytes);
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

/** Runs the jobs until none is left due. */
async function settle() {
  for (let round = 0; round < 50; round++) {
    await drain(pool, 500);
    const [waiting] = await t.deps.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.status} = 'pending' and ${jobs.runAfter} < now() + interval '1 second'`);
    if (!waiting?.count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('jobs kept coming for 50 rounds');
}

async function upload(query: Record<string, string>, files = photos) {
  const sent = await uploadProduct(t.app, user.cookie, { uploadKey: crypto.randomUUID(), photoTotal: files.length, ...query }, files);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().item as { id: string; sku: string };
}

describe('labels read in the background job after upload', () => {
  it('fills brand, size and composition from the photos with the text read, and the review queue asks only the rest', async () => {
    const answer = await inject('PUT', autopilotPaths.settings, {
      enabled: true,
      channels: ['ebay'],
      priceBasis: 'ai',
      percent: 0,
      floor: money(1000),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const jeans = await upload({ category: 'Mens Jeans', condition: 'good' });
    // The upload wrote nothing read: reading is the job's.
    expect((await getListing(t, user, jeans.id)).extractedBrand).toBeNull();
    await settle();

    const listing = await getListing(t, user, jeans.id);
    expect(listing.extractedBrand).toBe("Levi's");
    expect(listing.extractedSize).toBe('W32 L32');
    expect(listing.extractedMaterial).toBe('100% Cotton');
    expect(listing.itemSpecificsJson['Country/Region of Manufacture']).toBe('Bangladesh');
    expect(listing.aiEvidence.brand).toMatchObject({
      source: 'photo',
      photo: 1,
      note: expect.stringMatching(/^Read on the label: "LEVI'?S"$/i),
    });
    // The colour is read from the garment's photo, not the black tags: a fact with its swatch and share (decision 171).
    expect(listing.extractedColor).toBe('Blue');
    expect(listing.aiEvidence.color).toMatchObject({
      source: 'photo',
      photo: 0,
      note: expect.stringMatching(/% of the garment$/),
      swatch: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    // Each fact read shows the label's line cut out of its photo, stored beside the photos: a small WebP of the line.
    for (const attribute of ['brand', 'size', 'material', 'color'] as const) {
      const cropUrl = listing.aiEvidence[attribute]?.cropUrl;
      expect(cropUrl, attribute).toMatch(/^\/api\/files\//);
      const crop = await t.app.inject({ method: 'GET', url: cropUrl! });
      expect(crop.statusCode).toBe(200);
      expect(crop.headers['content-type']).toBe('image/webp');
      const { width = 0, height = 0 } = await sharp(crop.rawPayload).metadata();
      expect(width).toBeLessThanOrEqual(480);
      expect(height).toBeLessThanOrEqual(240);
      if (attribute !== 'color') expect(width / height, attribute).toBeGreaterThan(1.5); // a line of text, not the photo
    }
    // Another seller cannot reach the item's evidence: its listing is a 404 to them.
    const other = await t.makeUser();
    const theirs = await t.app.inject({ method: 'GET', url: `/api/items/${jeans.id}/listing`, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(listing.aiEvidence.size).toMatchObject({ source: 'photo', photo: 2, note: expect.stringContaining('W32') });
    expect(listing.aiEvidence.material).toMatchObject({ source: 'photo', photo: 3, note: expect.stringContaining('COTTON') });
    expect(listing.aiTitle).toBe("Levi's Men's Jeans Cotton Size W32 L32 Blue");

    // The review's one form asks what eBay's jeans need that no photo showed: not the brand nor the size.
    const run = (await inject('GET', autopilotPaths.run)).json() as AutopilotRunResponse;
    const waiting = run.run?.review.find((r) => r.itemId === jeans.id);
    expect(waiting?.reasons.some((r) => r.aspect?.name === 'Brand' || r.aspect?.name === 'Size')).toBe(false);
    // It shows the seller what was read and where, to check.
    expect(waiting?.read.map((fact) => [fact.attribute, fact.value, fact.photo])).toEqual([
      ['brand', "Levi's", 1],
      ['size', 'W32 L32', 2],
      ['color', 'Blue', 0],
      ['material', '100% Cotton', 3],
    ]);
    expect(waiting?.read.every((fact) => fact.cropUrl?.startsWith('/api/files/'))).toBe(true);
    expect(waiting?.read[2]?.swatch).toMatch(/^#[0-9a-f]{6}$/);
    expect(waiting?.read[0]?.note).toMatch(/^Read on the label: "LEVI'?S"$/i);
    const asked = (
      await inject('GET', routeUrl(autopilotApi.asks, { id: jeans.id }, { category: 'Mens Jeans' }))
    ).json() as AutopilotAsksResponse;
    const names = asked.reasons.map((r) => r.aspect?.name).filter(Boolean);
    expect(names).not.toContain('Brand');
    expect(names).not.toContain('Size');
    expect(names).not.toContain('Color');

    // The tag's barcode is the product's EAN: answered the rest in review, it goes to eBay on the product.
    expect(listing.itemSpecificsJson.EAN).toBe('5012345678900');
    const fix = await inject('PATCH', `/api/items/${jeans.id}/quick-fix`, { aspects: { 'Size Type': 'Regular' } });
    expect(fix.statusCode, fix.body).toBe(200);
    const go = await inject('POST', autopilotPaths.continue(jeans.id), { price: { amountMinor: 2500, currency: 'USD' } });
    expect(go.statusCode, go.body).toBe(204);
    await settle();
    const offer = [...fake.state.offers.values()].find((o) => o.sku === jeans.sku);
    expect(offer?.status).toBe('PUBLISHED');
    const sent = fake.state.sellerData.get('labelsimmutable')?.items.get(jeans.sku) as
      { product?: { ean?: string[]; aspects?: Record<string, string[]> } } | undefined;
    const product = sent?.product;
    expect(product?.ean).toEqual(['5012345678900']);
    expect(product?.aspects?.Brand).toEqual(["Levi's"]);
    expect(product?.aspects?.Color).toEqual(['Blue']);
    expect(product?.aspects?.EAN).toBeUndefined();
    expect(fake.contractViolations).toEqual([]);
  });

  it.each([
    ['a tee', 'Mens Tops', undefined, 'GAP', 'SIZE M', 'Gap', 'M', 'Size'],
    ['jeans', 'Womens Jeans', undefined, "LEVI'S", 'W28 L30', "Levi's", 'W28 L30', 'Size'],
    ['trainers', 'Shoes', 'Men', 'NIKE', 'UK 9  EUR 43  US 10', 'Nike', 'US 10', 'US Shoe Size'],
    ['a belt', 'Accessories', 'Men', 'BARBOUR', 'SIZE L', 'Barbour', 'L', 'Size'],
    ['a dress', 'Other Clothing', 'Women', 'ZARA', 'TAILLE / SIZE S', 'Zara', 'S', 'Size'],
  ] as const)(
    '%s photographed with its swing tag: the review asks neither its brand nor its size',
    async (_, category, department, printedBrand, printedSize, brand, size, sizeAspect) => {
      const tagPhoto = await label(category.length, [
        { text: printedBrand, scale: 2.2, bold: true },
        { text: printedSize, scale: 1.4, bold: true },
      ]);
      const sent = await uploadProduct(t.app, user.cookie, { uploadKey: crypto.randomUUID(), photoTotal: 1, category, condition: 'good' }, [
        { name: 'tag.jpg', bytes: tagPhoto },
      ]);
      expect(sent.statusCode, sent.body).toBe(200);
      const item = sent.json().item as { id: string };
      await settle();
      const listing = await getListing(t, user, item.id);
      expect([listing.extractedBrand, listing.extractedSize]).toEqual([brand, size]);
      // What the review's form asks once the seller says what it is (or at once, where the category said it).
      const asked = (
        await inject('GET', routeUrl(autopilotApi.asks, { id: item.id }, { category, department }))
      ).json() as AutopilotAsksResponse;
      const names = asked.reasons.map((r) => r.aspect?.name).filter(Boolean);
      expect(names).not.toContain('Brand');
      expect(names).not.toContain(sizeAspect);
    },
  );

  it('never writes over what the seller typed: their brand stays, the label fills only the size', async () => {
    // The brand tag and the size tag only.
    const jeans = await upload({ category: 'Mens Jeans', condition: 'good', brand: 'Wrangler' }, photos.slice(1, 3));
    await settle();
    const listing = await getListing(t, user, jeans.id);
    expect(listing.brand).toBe('Wrangler');
    expect(listing.extractedBrand).toBe('Wrangler');
    expect(listing.aiEvidence.brand).toEqual({ source: 'seller', note: 'Entered by the seller' });
    expect(listing.extractedSize).toBe('W32 L32');
  });
});
