/**
 * A long dashboard (issue 11): a seller with over 100 products gets the virtualised list (TanStack Virtual) from
 * the first page: only the rows near the viewport are in the page, infinite scroll keeps loading to the oldest
 * product, and search and select mode still see every product. On a slow phone a fling builds no card until it
 * slows (decision record 033).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const PRODUCTS = 160;

/** PRODUCTS products made through the API, 20 at a time (PSTFSH-001 first). */
async function seedProducts(page: Page) {
  for (let start = 0; start < PRODUCTS; start += 20) {
    const chunk = Array.from({ length: Math.min(20, PRODUCTS - start) }, () => page.request.post('/api/items', { data: {} }));
    for (const response of await Promise.all(chunk)) expect(response.status()).toBe(201);
  }
}

test('160 products: the list is virtualised, scrolls to the oldest product, Select All counts every loaded one', async ({
  signedInPage: page,
}) => {
  test.setTimeout(180_000);
  await seedProducts(page);
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

/** Cells on screen (below the sticky header) that should hold a card and do not yet (rows of equal height). */
const emptyCellsOnScreen = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector('[data-virtualised]')!;
    const box = list.getBoundingClientRect();
    const grid = list.querySelector(':scope > [data-index] > ul');
    if (!grid) return Infinity;
    const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').length;
    const rowPx = grid.parentElement!.getBoundingClientRect().height;
    const top = Math.max(document.querySelector('header')?.getBoundingClientRect().bottom ?? 0, box.top);
    const bottom = Math.min(innerHeight, box.bottom);
    // The list's last row may hold fewer cards than the others: it is left out.
    const lastRow = Math.ceil(box.height / rowPx) - 1;
    let empty = 0;
    for (let index = Math.floor((top - box.top) / rowPx); index <= Math.floor((bottom - 1 - box.top) / rowPx); index += 1) {
      if (index >= lastRow) continue;
      const row = list.querySelector(`:scope > [data-index="${index}"]`);
      empty += columns - (row?.querySelectorAll('[data-testid="product-card"]').length ?? 0);
    }
    return empty;
  });

/**
 * Scrolls by `pxPerSecond` for `ms` in animation frames (as a finger's fling would, frame by frame) and reports, for
 * each frame, how far the page moved since the frame before (over the time it was asked to move) and how many cards
 * were added to the page meanwhile.
 */
const scrollFor = (page: Page, pxPerSecond: number, ms: number) =>
  page.evaluate(
    ([speed, duration]) =>
      new Promise<Array<{ moved: number; ms: number; added: number }>>((resolve) => {
        let added = 0;
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof Element) {
                added += node.matches('[data-testid="product-card"]') ? 1 : node.querySelectorAll('[data-testid="product-card"]').length;
              }
            }
          }
        });
        observer.observe(document.querySelector('[data-virtualised]')!, { childList: true, subtree: true });
        const frames: Array<{ moved: number; ms: number; added: number }> = [];
        const start = performance.now();
        let last = start;
        let lastY = scrollY;
        /** The time the last scroll was asked for: its move shows at this frame. */
        let lastMs = 0;
        const step = (now: number) => {
          frames.push({ moved: scrollY - lastY, ms: lastMs, added });
          added = 0;
          lastY = scrollY;
          lastMs = now - last;
          window.scrollBy(0, (lastMs / 1000) * speed);
          last = now;
          if (now - start < duration) requestAnimationFrame(step);
          else {
            observer.disconnect();
            resolve(frames);
          }
        };
        requestAnimationFrame(step);
      }),
    [pxPerSecond, ms] as const,
  );

test('on a slow phone (4x CPU throttling) a fling builds no card until it slows, then the screen fills; a slow scroll builds them as it goes', async ({
  signedInPage: page,
}) => {
  test.setTimeout(180_000);
  await seedProducts(page);
  // The device is slow from the start: the grid learns how fast it builds cards from the first ones it builds.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/');
  await expect(page.getByTestId('batch-count')).toHaveText(`(${PRODUCTS})`);
  await expect(page.locator('[data-virtualised="true"]')).toHaveCount(1);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // Every page loaded first (the fling is not to stop at the end of the first one), then back to the top.
  const oldest = page.locator('[data-testid="product-card"][data-sku="PSTFSH-001"]');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(oldest).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => emptyCellsOnScreen(page), { timeout: 20_000 }).toBe(0);
  // The overscan below the screen is built too (one card a frame): the cycles that tell the grid its pace.
  await page.waitForTimeout(1_000);
  // A fling bringing more cards a second than the device builds, with room (at most one a frame here: 60 a second):
  // 8,000 px/s over three columns, 20,000 px/s over a phone's one.
  const fling = await scrollFor(page, page.viewportSize()!.width < 768 ? 20_000 : 8_000, 1_000);
  const fast = (frame: { moved: number; ms: number } | undefined) => !!frame && frame.ms > 0 && (frame.moved / frame.ms) * 1000 >= 5_000;
  // Once the fling is under way: its speed is read from the scroll's last two moves, and a render decided before
  // that is drawn a frame or two later.
  const flungFrames = fling.filter((_, at) => [1, 2, 3, 4, 5].every((back) => fast(fling[at - back])));
  expect(
    flungFrames.length,
    `frames of the fling that moved fast (moved px, ms): ${fling.map((f) => `${Math.round(f.moved)}/${Math.round(f.ms)}`).join(' ')}`,
  ).toBeGreaterThan(5);
  expect(
    flungFrames.reduce((sum, frame) => sum + frame.added, 0),
    'cards built while the fling was fast',
  ).toBe(0);
  // Once it stops, the cards on screen are built.
  await expect.poll(() => emptyCellsOnScreen(page), { timeout: 20_000 }).toBe(0);

  // Reading as it scrolls (300 px/s): the cards coming on screen are built as they come.
  const slow = await scrollFor(page, 300, 3_000);
  expect(
    slow.reduce((sum, frame) => sum + frame.added, 0),
    'cards built during a slow scroll',
  ).toBeGreaterThan(0);
  await expect.poll(() => emptyCellsOnScreen(page), { timeout: 20_000 }).toBe(0);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
