import type { Locator } from '@playwright/test';

/**
 * A touch long-press on the middle of an element, through the browser's own touch input (CDP), as a finger resting
 * on the screen for `ms` milliseconds. Needs a touch page (hasTouch, as the phone project's Pixel 7 has).
 */
export async function longPress(target: Locator, ms = 800) {
  const page = target.page();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('long-press target is not visible');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForTimeout(ms);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** Width and height of an element's box, for touch-target sizes. */
export async function boxSize(target: Locator): Promise<{ width: number; height: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error('element is not visible');
  return { width: box.width, height: box.height };
}
