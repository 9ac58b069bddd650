import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TOASTS = '[data-testid="toasts"]';
const STILL = 'axe-no-transitions';
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's serious and critical WCAG 2 A/AA violations on the page as it is now, one line each (none: []).
 *
 * A toast lies over what is under it for a few seconds: axe read the covered button's text against the toast's
 * colour and called it a contrast failure, on whichever step a toast happened to be showing. So the page is checked
 * with the toasts hidden, then the toasts on their own.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A colour read mid-transition is neither the one before nor after: a button re-enabled after a save fades from its
  // pale disabled colour for 150 ms, and axe read white on emerald-300 there. Waiting for running transitions to end
  // was not enough: a button re-enabled while axe ran (its readiness answered) started its fade under axe's reading.
  // So transitions and animations are off while axe reads: every colour is the one before or the one after a change.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.evaluate((id) => {
    const still = document.createElement('style');
    still.id = id;
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(still);
  }, STILL);
  try {
    return await violationsNow(page);
  } finally {
    await page.evaluate((id) => document.getElementById(id)?.remove(), STILL);
  }
}

async function violationsNow(page: Page): Promise<string[]> {
  const toastsShown = await page.evaluate((selector) => {
    const docks = [...document.querySelectorAll<HTMLElement>(selector)];
    for (const dock of docks) dock.style.visibility = 'hidden';
    return docks.some((dock) => dock.childElementCount > 0);
  }, TOASTS);
  let violations;
  try {
    violations = (await new AxeBuilder({ page }).withTags(WCAG_A_AA).exclude(TOASTS).analyze()).violations;
  } finally {
    await page.evaluate((selector) => {
      for (const dock of document.querySelectorAll<HTMLElement>(selector)) dock.style.visibility = '';
    }, TOASTS);
  }
  if (toastsShown) violations.push(...(await new AxeBuilder({ page }).withTags(WCAG_A_AA).include(TOASTS).analyze()).violations);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
