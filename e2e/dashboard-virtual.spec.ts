/**
 * A long dashboard: a seller with over 100 products gets the virtualised list (TanStack Virtual) from
 * the first page: only the rows near the viewport are in the page, infinite scroll keeps loading to the oldest
 * product, and search and select mode still see every product. A fling builds no card until it slows (decision
 * record 031, step 033).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PACE_MEMORY_MS } from '@/features/dashboard/build-pacing';
import { paced } from './support/pace';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

const PRODUCTS = 160;

/** PRODUCTS products made through the API, 20 at a time (PSTFSH-001 first). */
async function seedProducts(page: Page) {
  for (let start = 0; start < PRODUCTS; start += 20) {
    const chunk = Array.from({ length: Math.min(20, PRODUCTS - start) }, () => page.request.post('/api/items', { data: {} }));
    for (const response of await Promise.all(chunk)) expect(response.status()).toBe(201);
  }
}

/** The list is virtualised, scrolls to the oldest product, Select All counts every loaded one; search still finds it. */
async function virtualisedListChecks(page: Page) {
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
  }).toPass({ timeout: paced(45_000) });
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
}

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
 * Scrolls at `pxPerSecond` for `frames` frames of the page's own clock (Playwright's, installed by the test): in each,
 * the page moves a frame's distance, the scroll event is seen, then the clock moves 16 ms and runs the frame's
 * callbacks. The grid reads the scroll's speed and its own pace by that clock, so what it builds does not depend on
 * how fast this machine runs. Returns the cards added to the list in each frame.
 */
async function scrollByFrames(page: Page, pxPerSecond: number, frames: number) {
  await page.evaluate(() => {
    const list = document.querySelector('[data-virtualised]')!;
    const counter = window as unknown as { cardsAdded: number; cardObserver?: MutationObserver };
    counter.cardsAdded = 0;
    counter.cardObserver = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element) {
            counter.cardsAdded += node.matches('[data-testid="product-card"]')
              ? 1
              : node.querySelectorAll('[data-testid="product-card"]').length;
          }
        }
      }
    });
    counter.cardObserver.observe(list, { childList: true, subtree: true });
  });
  const step = (pxPerSecond * 16) / 1000;
  const added: number[] = [];
  // As in a browser's frame, the scroll event comes just before the frame callbacks: the clock is taken to 1 ms
  // before the next frame (found by a frame callback), the page scrolls, then the frame runs.
  const nextFrameIn = () =>
    page.evaluate(() => {
      const at = performance.now();
      return new Promise<number>((resolve) => requestAnimationFrame((frameAt) => resolve(frameAt - at)));
    });
  const untilFrame = nextFrameIn();
  await page.clock.runFor(16);
  // The clock now stands 16 ms after the frame found was asked for: the next frame is as far off as that one was.
  const sinceFrame = 16 - (await untilFrame);
  await page.clock.runFor(Math.max(0, 16 - sinceFrame - 1));
  for (let frame = 0; frame < frames; frame += 1) {
    await page.evaluate(
      (px) =>
        new Promise<void>((resolve) => {
          addEventListener('scroll', () => resolve(), { once: true });
          scrollBy(0, px);
        }),
      step,
    );
    await page.clock.runFor(1);
    added.push(
      await page.evaluate(() => {
        const counter = window as unknown as { cardsAdded: number };
        const count = counter.cardsAdded;
        counter.cardsAdded = 0;
        return count;
      }),
    );
    await page.clock.runFor(15);
  }
  await page.evaluate(() => (window as unknown as { cardObserver?: MutationObserver }).cardObserver?.disconnect());
  return added;
}

/** Runs the page's frames (16 ms each) until `done` holds, as `expect.poll` does for a page whose clock runs. */
async function framesUntil(page: Page, done: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(16);
        return done();
      },
      { intervals: [10], timeout: paced(60_000) },
    )
    .toBe(true);
}

/**
 * Whether the grid has nothing left to build: every row in the page holds all its cards (the list's last row may hold
 * fewer: it is left out), down to a row below the screen (the overscan).
 */
const everyRowBuilt = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector('[data-virtualised]')!;
    const rows = [...list.querySelectorAll(':scope > [data-index]')];
    const grid = rows[0]?.querySelector('ul');
    if (!grid) return false;
    const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').length;
    const last = Math.ceil(list.getBoundingClientRect().height / rows[0]!.getBoundingClientRect().height) - 1;
    const full = rows.every(
      (row) => Number(row.getAttribute('data-index')) >= last || row.querySelectorAll('[data-testid="product-card"]').length === columns,
    );
    return full && rows.some((row) => row.getBoundingClientRect().top >= innerHeight);
  });

/** A fling builds no card until it slows, then the screen fills; a slow scroll builds them as it goes. */
async function flingChecks(page: Page) {
  // The page's timers, frames and clock are the test's (running freely until paused below).
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByTestId('batch-count')).toHaveText(`(${PRODUCTS})`);
  await expect(page.locator('[data-virtualised="true"]')).toHaveCount(1);
  // Every page loaded first (the fling is not to stop at the end of the first one), then back to the top.
  const oldest = page.locator('[data-testid="product-card"][data-sku="PSTFSH-001"]');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await page.clock.runFor(100);
    await expect(oldest).toBeVisible({ timeout: paced(1_000) });
  }).toPass({ timeout: paced(45_000) });
  await page.evaluate(() => window.scrollTo(0, 0));
  // From here the page's time moves only frame by frame, 16 ms each: the grid's reading of the scroll's speed and of
  // its own pace (one card a frame at most) is the same in every run, however busy the machine (decision record 031, step 033).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  // The screen and the overscan built: no build under way when the fling starts.
  await framesUntil(page, async () => (await emptyCellsOnScreen(page)) === 0 && (await everyRowBuilt(page)));
  // The grid's pace is then forgotten (nothing is built meanwhile): it is one card a frame when the fling starts, in
  // every run. It remembers its last cycles for PACE_MEMORY_MS, and those measured while the page's clock ran freely
  // are wrong: a late frame ran at the clock's current tick and the next on the 16 ms grid, a cycle of 4 to 11 ms
  // (one card in 4 ms is 250 a second). Under CI's load they outvoted the rest; the oldest then expired mid-fling and
  // the grid built every row coming in ("0 … 0 16 0 3 3 0 3 3 …" at 10,360 px/s, from frame 24).
  // (Two frames more: the last cycle's pace is taken at the frame after its commit.)
  await page.clock.runFor(PACE_MEMORY_MS + 32);
  expect(await emptyCellsOnScreen(page)).toBe(0);
  // A fling bringing twice as many cards a second as one a frame (60 a second): 120 a second, as rows of this
  // screen's height and columns (desktop about 10,000 px/s; a phone's one column of taller cards, more).
  const { rowPx, columns } = await page.evaluate(() => {
    const row = document.querySelector('[data-virtualised] > [data-index]')!;
    const grid = row.querySelector('ul')!;
    return { rowPx: row.getBoundingClientRect().height, columns: getComputedStyle(grid).gridTemplateColumns.split(' ').length };
  });
  const flingPxPerSecond = Math.round((120 / columns) * rowPx);
  const fling = await scrollByFrames(page, flingPxPerSecond, 40);
  // The first frame has one scroll event and no speed yet: its one card (the pace's most) is allowed; none after it.
  // (It built one in two CI attempts on the phone at 27,720 px/s, none in most runs.) React commits that card in a task
  // of its own scheduler, not on the test's clock: on a busy machine it came after the first frame's count and was
  // counted in the second ("0 1 0 0 …" at 10,360 px/s in CI). So: one card at most in the first two frames, none after.
  const sum = (cards: number[]) => cards.reduce((total, n) => total + n, 0);
  const words = `cards built during the fling at ${flingPxPerSecond} px/s, frame by frame: ${fling.join(' ')}`;
  expect(sum(fling.slice(0, 2)), words).toBeLessThanOrEqual(1);
  expect(sum(fling.slice(2)), words).toBe(0);
  // Once it stops, the cards on screen are built.
  await framesUntil(page, async () => (await emptyCellsOnScreen(page)) === 0);

  // Reading as it scrolls (300 px/s for 3 s, past several rows): the cards coming on screen are built as they come.
  const slow = await scrollByFrames(page, 300, 180);
  expect(
    slow.reduce((sum, cards) => sum + cards, 0),
    'cards built during a slow scroll',
  ).toBeGreaterThan(0);
  await framesUntil(page, async () => (await emptyCellsOnScreen(page)) === 0);
}

// One seller's 160 products serve both checks (seeding them is most of each one's time): the list's behaviour first,
// on the page's own clock, then the fling, on the test's clock installed before the dashboard is opened again.
test('160 products: the list is virtualised, scrolls to the oldest product, Select All counts every loaded one; a fling builds no card until it slows, then the screen fills; a slow scroll builds them as it goes', async ({
  signedInPage: page,
}) => {
  // The two former tests had 180 s each; one seeding less.
  await seedProducts(page);
  await test.step('virtualised list, scroll, select and search', () => virtualisedListChecks(page));
  await test.step('fling and slow scroll', () => flingChecks(page));
});
