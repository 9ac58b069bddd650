/**
 * A long dashboard (issue 11): a seller with over 100 products gets the virtualised list (TanStack Virtual) from
 * the first page: only the rows near the viewport are in the page, infinite scroll keeps loading to the oldest
 * product, and search and select mode still see every product.
 */
import { expect, test } from './support/fixtures';

const PRODUCTS = 160;

test('160 products: the list is virtualised, scrolls to the oldest product, Select All counts every loaded one', async ({
  signedInPage: page,
}) => {
  test.setTimeout(180_000);
  for (let start = 0; start < PRODUCTS; start += 20) {
    const chunk = Array.from({ length: Math.min(20, PRODUCTS - start) }, () => page.request.post('/api/items', { data: {} }));
    for (const response of await Promise.all(chunk)) expect(response.status()).toBe(201);
  }
  const skus = (await (await page.request.get(`/api/items?limit=100`)).json()).items.map((i: { sku: string }) => i.sku) as string[];
  const newest = skus[0]!;

  await page.goto('/');
  await expect(page.getByTestId('batch-count')).toHaveText(`(${PRODUCTS})`);
  const cards = page.getByTestId('product-card');
  await expect(page.locator(`[data-testid="product-card"][data-sku="${newest}"]`)).toBeVisible();
  await expect(page.locator('[data-virtualised="true"]')).toHaveCount(1);
  expect(await cards.count()).toBeLessThan(50);

  // Scroll to the end until the oldest product (PSTFSH-001, created first) is shown.
  const oldest = page.locator('[data-testid="product-card"][data-sku="PSTFSH-001"]');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(oldest).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 90_000 });
  await expect(page.locator('[data-virtualised="true"]')).toHaveCount(1);
  // Only the rows near the viewport are in the page.
  expect(await cards.count()).toBeLessThan(60);
  await expect(page.locator(`[data-testid="product-card"][data-sku="${newest}"]`)).toHaveCount(0);

  // Back to the top: the newest product is rendered again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator(`[data-testid="product-card"][data-sku="${newest}"]`)).toBeVisible();

  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('button', { name: 'Select All' }).click();
  await expect(page.getByText(`${PRODUCTS} selected`)).toBeVisible();
  await page.getByRole('button', { name: 'Deselect All' }).click();
  await expect(page.getByText('0 selected')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search products' }).fill('PSTFSH-001');
  await expect(cards).toHaveCount(1);
  await expect(oldest).toBeVisible();
  await expect(page.locator('[data-virtualised="true"]')).toHaveCount(0);
});
