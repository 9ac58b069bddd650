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

/** A frame of a scroll: how far the page moved since the frame before, in how long, and the cards added meanwhile. */
interface ScrolledFrame {
  moved: number;
  ms: number;
  added: number;
}

/**
 * Scrolls by script at `pxPerSecond` for `ms`, in each animation frame by the time since the one before, by the clock
 * (under CPU throttling a frame runs well after its timestamp). The page moves as far as the frame before took,
 * which the grid sees over this frame's time: the frames recorded are the scroll the grid sees. (Scrolled on the
 * compositor by `Input.synthesizeScrollGesture` instead, the fling ran at 2-10 frames/s beside another test under
 * 4x throttling, and a touch gesture did not move the phone's page at all.)
 */
const scrollFor = (page: Page, pxPerSecond: number, ms: number) =>
  page.evaluate(
    ([duration, speed]) =>
      new Promise<ScrolledFrame[]>((resolve) => {
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
        const frames: ScrolledFrame[] = [];
        const start = performance.now();
        let last = start;
        let lastY = scrollY;
        const step = () => {
          const now = performance.now();
          frames.push({ moved: scrollY - lastY, ms: now - last, added });
          added = 0;
          lastY = scrollY;
          window.scrollBy(0, ((now - last) / 1000) * speed);
          last = now;
          if (now - start < duration) requestAnimationFrame(step);
          else {
            observer.disconnect();
            resolve(frames);
          }
        };
        requestAnimationFrame(step);
      }),
    [ms, pxPerSecond] as const,
  );

/** Cards a fast fling may build (see below): the grid builds none while it reads the fling as fast. */
const MAX_CARDS_BUILT_IN_A_FLING = 2;

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
  const flingPxPerSecond = page.viewportSize()!.width < 768 ? 20_000 : 8_000;
  const fling = await scrollFor(page, flingPxPerSecond, 1_000);
  // The frames the fling was fast before, as the grid sees it: over the 150 ms before the frame (its speed's 100 ms
  // window, and a render decided then is drawn a frame or two later), at 60% of the fling's speed or more, which
  // still brings more cards a second than the device builds. Frames under 4x throttling beside another test come
  // 20-200 ms apart, so the speed is read over time, not frame by frame.
  const fastBefore = (at: number) => {
    let moved = 0;
    let ms = 0;
    for (let back = at - 1; back >= 0 && ms < 150; back -= 1) {
      moved += fling[back]!.moved;
      ms += fling[back]!.ms;
    }
    return ms >= 150 && (moved / ms) * 1000 >= 0.6 * flingPxPerSecond;
  };
  const flungFrames = fling.filter((_, at) => fastBefore(at));
  const frameList = fling.map((f) => `${Math.round(f.moved)}/${Math.round(f.ms)}${f.added ? `+${f.added}` : ''}`).join(' ');
  expect(flungFrames.length, `frames of the fling that moved fast (moved px/ms, +cards built): ${frameList}`).toBeGreaterThan(3);
  // At most a card or two. The fling here moves the page from a frame callback by the time since the last one, and
  // the grid sees that move at the next frame: after a stall (60-106 ms frames with two tests on two cores) the
  // frame's move is the short step before it, and the grid reads a third to a half of the fling's speed for a frame.
  // Seen: 1-2 cards in 8 of 16 runs, just after such frames. The code before decision 033 built 12 (desktop) and 41
  // (phone) here.
  expect(
    flungFrames.reduce((sum, frame) => sum + frame.added, 0),
    `cards built while the fling was fast (moved px/ms, +cards built): ${frameList}`,
  ).toBeLessThanOrEqual(MAX_CARDS_BUILT_IN_A_FLING);
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
