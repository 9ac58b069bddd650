/**
 * On the defaults (the basic server: the offline writer, the simulated eBay, no keys), five products, one of each kind
 * the review queue knows (jeans, a top, a dress, trainers, a jacket), each photographed with its garment and its tags,
 * reach the review queue with their brand and size read on the tags and their colour read from the garment's pixels
 * (decisions 165, 171): the form asks none of the three, and shows each beside what it was read from (the label's line
 * cut out of the photo, the colour's swatch and photo). The item's own evidence shows the same crops; another seller
 * cannot reach them. A brand typed on the listing as a slip of the one read ("Barbuor") is said under the field, with
 * a tap that puts the label's in (decision 183). Desktop and phone.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { autopilotPaths, type AutopilotSettingsBody } from '@shared/contracts/autopilot';
import { itemsPaths } from '@shared/contracts/items';
import { listingsPaths } from '@shared/contracts/listings';
import { garmentPhoto, type GarmentShape } from '../src/server/test/garment-photos';
import { labelPhoto, type LabelSpec } from '../src/server/test/label-photos';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { paced } from './support/pace';
import { saveScreen } from './support/screens';

const base = e2eEnv.basicBaseURL;
const shot = (target: Parameters<typeof saveScreen>[0], testInfo: TestInfo, step: string) =>
  saveScreen(target, { path: `e2e/.artifacts/screens/label-reading-${step}-${testInfo.project.name}.png`, scale: 'css' });

const tag = (seed: number, lines: LabelSpec['lines']) =>
  labelPhoto(
    { kind: 'swing tag', lines, home: 'US', seed, truth: { brand: null, size: null, composition: null, country: null, rn: null } },
    { clean: true, size: 640 },
  );

interface Product {
  sku: string;
  category: string;
  garment: { colour: string; shape: GarmentShape; seed: number };
  /** Each tag photo's lines. */
  tags: LabelSpec['lines'][];
  brand: RegExp;
  size: string;
  /** eBay's word for the garment's colour. */
  colour: string;
  /** The photo (from 1) the brand and the size are read on. */
  brandPhoto: number;
  sizePhoto: number;
}

const products = (project: string): Product[] => [
  {
    sku: `JEANS-${project}`,
    category: 'Mens Jeans',
    garment: { colour: '#44618a', shape: 'trousers', seed: 7 },
    tags: [[{ text: "LEVI'S", scale: 2.4, bold: true }], [{ text: 'W32 L32', scale: 1.8, bold: true }]],
    brand: /Levi's/,
    size: 'W32 L32',
    colour: 'Blue',
    brandPhoto: 2,
    sizePhoto: 3,
  },
  {
    sku: `TOP-${project}`,
    category: 'Womens Tops',
    garment: { colour: '#228b22', shape: 'tshirt', seed: 11 },
    tags: [
      [
        { text: 'ZARA', scale: 2.4, bold: true },
        { text: 'SIZE M', scale: 1.6, bold: true },
      ],
    ],
    brand: /Zara/,
    size: 'M',
    colour: 'Green',
    brandPhoto: 2,
    sizePhoto: 2,
  },
  {
    sku: `DRESS-${project}`,
    category: 'Other Clothing',
    garment: { colour: '#6a329f', shape: 'dress', seed: 13 },
    tags: [[{ text: 'Ralph Lauren', scale: 2.2, bold: true }], [{ text: 'SIZE XL', scale: 1.8, bold: true }]],
    brand: /Ralph Lauren/,
    size: 'XL',
    colour: 'Purple',
    brandPhoto: 2,
    sizePhoto: 3,
  },
  {
    sku: `SHOES-${project}`,
    category: 'Shoes',
    garment: { colour: '#d62828', shape: 'shoe', seed: 17 },
    tags: [
      [
        { text: 'NIKE', scale: 2.4, bold: true },
        { text: 'US 9', scale: 1.8, bold: true },
      ],
    ],
    brand: /Nike/,
    size: 'US 9',
    colour: 'Red',
    brandPhoto: 2,
    sizePhoto: 2,
  },
  {
    sku: `JACKET-${project}`,
    category: 'Womens Outerwear',
    garment: { colour: '#5b3a29', shape: 'jacket', seed: 19 },
    tags: [[{ text: 'Barbour', scale: 2.4, bold: true }], [{ text: 'SIZE S', scale: 1.8, bold: true }]],
    brand: /Barbour/,
    size: 'S',
    colour: 'Brown',
    brandPhoto: 2,
    sizePhoto: 3,
  },
];

async function signUp(api: APIRequestContext, name: string) {
  const user = { email: uniqueEmail(name), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
}

/** The product's photos sent as one product: the garment first, then its tags. */
async function upload(api: APIRequestContext, product: Product): Promise<string> {
  const photos = [
    await garmentPhoto({
      garment: product.garment.colour,
      background: '#f4f3f0',
      shape: product.garment.shape,
      seed: product.garment.seed,
    }),
    ...(await Promise.all(product.tags.map((lines, i) => tag(product.garment.seed + i, lines)))),
  ];
  const sent = await api.post(
    `${base}${itemsPaths.productUpload({ uploadKey: randomUUID(), sku: product.sku, category: product.category, condition: 'good', photoTotal: photos.length })}`,
    {
      multipart: Object.fromEntries(
        photos.map((buffer, i) => [`photos${i}`, { name: `${i + 1}.jpg`, mimeType: 'image/jpeg', buffer }]),
      ) as Record<string, { name: string; mimeType: string; buffer: Buffer }>,
    },
  );
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { item: { id: string } }).item.id;
}

/** The image has loaded and has pixels (a broken or refused URL has none). */
const expectLoaded = async (image: ReturnType<Page['locator']>) => {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
};

test('five products photographed with their tags reach the review queue with brand, size and colour read, each beside its crop', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(paced(240_000));
  const api = page.context().request;
  await signUp(api, 'Labels');
  await connectFakeEbaySeller(api, { baseURL: base });
  const defaults = (await (await api.get(`${base}${autopilotPaths.settings}`)).json()) as AutopilotSettingsBody;
  expect((await api.put(`${base}${autopilotPaths.settings}`, { data: { ...defaults, enabled: true } })).ok()).toBe(true);

  const list = products(testInfo.project.name.toUpperCase());
  const ids: string[] = [];
  for (const product of list) ids.push(await upload(api, product));

  await page.goto(`${base}/`);
  const review = page.getByTestId('autopilot-review');
  for (const product of list) {
    const row = review.locator(`[data-testid="autopilot-review-item"][data-sku="${product.sku}"]`);
    const read = row.getByTestId('autopilot-read-facts');
    await expect(read).toBeVisible({ timeout: paced(90_000) });
    await expect(read.getByText('Read from the photos')).toBeVisible();
    const brand = read.locator('[data-fact="brand"]');
    await expect(brand).toContainText(product.brand);
    await expect(brand).toContainText(`Photo ${product.brandPhoto} · Read on the label:`);
    await expectLoaded(brand.getByTestId('evidence-crop'));
    const size = read.locator('[data-fact="size"]');
    await expect(size).toContainText(`${product.size} · Photo ${product.sizePhoto}`);
    await expectLoaded(size.getByTestId('evidence-crop'));
    const colour = read.locator('[data-fact="color"]');
    await expect(colour).toContainText(`${product.colour} · Photo 1 ·`);
    await expect(colour).toContainText(/% of the garment/i);
    await expect(colour.getByTestId('evidence-swatch')).toBeVisible();
    await expectLoaded(colour.getByTestId('evidence-crop'));
    // Asked only what nothing read: not the brand, the size nor the colour.
    const form = row.getByRole('form', { name: `Quick Fix for ${product.sku}` });
    await expect(form.getByLabel('Brand', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Size', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Color', { exact: true })).toHaveCount(0);
  }
  const first = review.locator(`[data-testid="autopilot-review-item"][data-sku="${list[0]!.sku}"]`);
  await first.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'review');
  await shot(first, testInfo, 'review-item');

  // The item's own evidence shows the same crops.
  await page.goto(`${base}/listings?open=${ids[0]}`);
  const card = page.locator(`[data-testid="listing-card"][data-sku="${list[0]!.sku}"]`);
  await expect(card.getByTestId('listing-summary')).toBeVisible();
  // A phone keeps the evidence behind a button.
  if (testInfo.project.name === 'phone') await card.getByRole('button', { name: 'Show details and evidence' }).click();
  const attributes = card.getByTestId('listing-attributes');
  await expectLoaded(attributes.locator('[data-attribute="brand"]').getByTestId('evidence-crop'));
  await expectLoaded(attributes.locator('[data-attribute="size"]').getByTestId('evidence-crop'));
  await expect(attributes.locator('[data-attribute="color"]').getByTestId('evidence-swatch')).toBeVisible();
  await attributes.scrollIntoViewIfNeeded();
  await shot(attributes, testInfo, 'item-evidence');

  // Edit Listing: a brand typed as a slip of the one read on the label ("Barbuor" for Barbour) is said under the field
  // and saved all the same; one tap puts the label's in (decision 183).
  const jacket = list.findIndex((product) => product.sku.startsWith('JACKET-'));
  const jacketSku = list[jacket]!.sku;
  const savedBrand = () =>
    page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().endsWith(itemsPaths.item(ids[jacket]!)));
  await page.goto(`${base}/listings?open=${ids[jacket]}`);
  const jacketCard = page.locator(`[data-testid="listing-card"][data-sku="${jacketSku}"]`);
  await jacketCard.getByRole('button', { name: 'Edit Listing' }).click();
  const brandField = jacketCard.getByRole('textbox', { name: `Brand of ${jacketSku}` });
  await brandField.fill('Barbuor');
  const typo = jacketCard.getByTestId('brand-typo');
  await expect(typo.getByText('The label says Barbour', { exact: true })).toBeVisible();
  const slipSaved = savedBrand();
  await brandField.press('Enter');
  expect((await (await slipSaved).json()) as { brand: string }).toMatchObject({ brand: 'Barbuor' });
  await page.reload();
  await expect(brandField).toHaveValue('Barbuor');
  await expect(typo.getByText('The label says Barbour', { exact: true })).toBeVisible();
  await brandField.scrollIntoViewIfNeeded();
  await shot(jacketCard.getByTestId('item-details-row'), testInfo, 'brand-typo');
  await shot(page, testInfo, 'brand-typo-screen');
  const fixSaved = savedBrand();
  await typo.getByRole('button', { name: 'Use Barbour' }).click();
  expect((await (await fixSaved).json()) as { brand: string }).toMatchObject({ brand: 'Barbour' });
  await expect(brandField).toHaveValue('Barbour');
  await expect(typo).toHaveCount(0);

  // Another seller asking for the item's listing, crops and all, gets a 404.
  const other = await browser.newContext();
  try {
    await signUp(other.request, 'Other');
    const theirs = await other.request.get(`${base}${listingsPaths.listing(ids[0]!)}`);
    expect(theirs.status()).toBe(404);
  } finally {
    await other.close();
  }
});
