/**
 * The screenshots a spec takes for a person to look at (e2e/.artifacts/screens). CI keeps only the suite's printed
 * output, so there they are not taken: each cost 0.5-1 s of a browser's time on the 2-core machine, a tenth of a
 * flow's time. `E2E_SCREENS=1` takes them in CI too; a failing test's own screenshot is Playwright's, kept anyway.
 */
import type { Locator, Page } from '@playwright/test';

const taken = !process.env.CI || process.env.E2E_SCREENS === '1';

type Options = Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0];

/** A screenshot of the page or of one element, to look at; none in CI. */
export async function saveScreen(target: Page | Locator, options: Options): Promise<void> {
  if (taken) await target.screenshot(options);
}
