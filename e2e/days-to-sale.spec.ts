/**
 * Days to sale, predicted (issue 61, decision 147): a seller whose past sales are in (imported from a spreadsheet, as
 * a seller does) photographs a pair of Levi's jeans and its card shows, per marketplace, the predicted days to sale
 * and what it rests on: eBay from their 12 sales of Levi's Mens Jeans, Depop "not enough" with 3.
 */
import { readFileSync } from 'node:fs';
import { generateJpegs } from './capture-helpers';
import { cardAction } from './support/card-actions';
import { expect, test } from './support/fixtures';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';

const header = 'Sold date,Listed date,Marketplace,Title,Brand,Category,Size,Source,Cost,Price,Shipping charged,Fees,Shipping cost';
const day = (offset: number) => new Date(Date.UTC(2026, 5, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const row = (marketplace: string, listed: number, days: number, n: number) =>
  `${day(listed + days)},${day(listed)},${marketplace},Levi's 501 jeans ${n},Levi's,Mens Jeans,32,Goodwill,4.00,35.00,0.00,4.00,5.00`;
const ebayDays = [3, 5, 6, 8, 9, 11, 12, 14, 15, 18, 21, 25];
const sheet = [
  header,
  ...ebayDays.map((days, n) => row('eBay', n * 3, days, n)),
  ...[4, 9, 30].map((days, n) => row('Depop', n * 5, days, 100 + n)),
].join('\n');

test('a photographed item’s card shows its days to sale per marketplace and what it rests on', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const request = page.context().request;
  const imported = await request.post('/api/what-sells/past-sales', { data: { csv: sheet, locale: 'en-US' } });
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).imported).toBe(15);

  const created = await request.post('/api/items', { data: { sku: 'DTS-1', category: 'Mens Jeans', condition: 'good', brand: "Levi's" } });
  expect(created.status(), await created.text()).toBe(201);
  const [photo] = await generateJpegs(1, { prefix: 'days-to-sale' });
  const uploaded = await request.post(`/api/items/${(await created.json()).id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo!.path) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  await page.goto('/');
  await (await cardAction(page, 'DTS-1', 'Show photo')).click();
  const card = page.locator('[data-testid="product-card"][data-sku="DTS-1"]');
  const prediction = card.getByRole('region', { name: 'Days to sale, predicted' });
  await expect(prediction.locator('[data-channel="ebay"]')).toHaveText(
    /^eBay: about \d+ days \(\d+ to \d+\), from your 12 sales of Levi's Mens Jeans$/,
  );
  await expect(prediction.locator('[data-channel="ebay"]')).toHaveAttribute('data-basis', 'your-sales');
  await expect(prediction.locator('[data-channel="depop"]')).toHaveText(
    'Depop: not enough of your sales to say (3 of the 8 needed); Depop’s similar sold items carry no dates.',
  );
  // The figure first, then the marketplaces without one.
  await expect(prediction.getByRole('listitem').first()).toHaveAttribute('data-channel', 'ebay');
  await prediction.scrollIntoViewIfNeeded();
  if (isMobile) await expectPhoneFriendly(page, 'days to sale');
  await saveScreen(card, { path: `e2e/.artifacts/screens/days-to-sale-${testInfo.project.name}.png` });
});
