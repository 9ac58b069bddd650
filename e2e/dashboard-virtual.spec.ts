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

test('a fast scroll on a slow phone shows light cards first, each made whole in place (same height) once the scroll stops', async ({
  signedInPage: page,
}) => {
  test.setTimeout(180_000);
  for (let start = 0; start < 120; start += 20) {
    // with a brand and category, the card's text is taller than its thumbnail: the SKU line's height counts
    const chunk = Array.from({ length: 20 }, () => page.request.post('/api/items', { data: { brand: "Levi's", category: 'Jeans' } }));
    for (const response of await Promise.all(chunk)) expect(response.status()).toBe(201);
  }
  await page.goto('/');
  await expect(page.getByTestId('batch-count')).toHaveText('(120)');
  await expect(page.locator('[data-virtualised="true"]')).toHaveCount(1);
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  // Each card's height while it is a preview (aria-busy) and once it is whole.
  await page.evaluate(() => {
    const heights: Record<string, { preview?: number; whole?: number }> = {};
    (window as unknown as { cardHeights: typeof heights }).cardHeights = heights;
    const note = (card: Element) => {
      const sku = card.getAttribute('data-sku')!;
      const entry = (heights[sku] ??= {});
      entry[card.getAttribute('aria-busy') === 'true' ? 'preview' : 'whole'] = card.getBoundingClientRect().height;
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const nodes = record.type === 'attributes' ? [record.target] : [...record.addedNodes];
        for (const node of nodes) {
          if (!(node instanceof Element)) continue;
          for (const card of [node, ...node.querySelectorAll('[data-testid="product-card"]')]) {
            if (card.matches('[data-testid="product-card"]')) note(card);
          }
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let flick = 0; flick < 8; flick += 1) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(50);
  }
  // Once the scroll stops (a wheel's smooth scroll goes on for a while), every card on screen is whole: its buttons
  // are there.
  await expect
    .poll(async () => {
      const before = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(400);
      return (await page.evaluate(() => window.scrollY)) === before;
    })
    .toBe(true);
  await expect(page.locator('[data-testid="product-card"][aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const heights = await page.evaluate(
    () => (window as unknown as { cardHeights: Record<string, { preview?: number; whole?: number }> }).cardHeights,
  );
  const madeWhole = Object.entries(heights).filter(([, h]) => h.preview !== undefined && h.whole !== undefined);
  expect(madeWhole.length).toBeGreaterThan(0);
  for (const [sku, h] of madeWhole) expect(h.whole, `${sku} grew or shrank when made whole`).toBeCloseTo(h.preview!, 0);
  // every card on screen has its buttons
  const onScreen = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="product-card"]')]
      .filter((card) => card.getBoundingClientRect().bottom > 0 && card.getBoundingClientRect().top < innerHeight)
      .map((card) => card.querySelector('button[aria-label^="Delete product"]') !== null),
  );
  expect(onScreen.length).toBeGreaterThan(0);
  expect(onScreen).not.toContain(false);
});
