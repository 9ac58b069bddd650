import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { e2eEnv } from './e2e-env';

export interface SeededUser {
  email: string;
  password: string;
}

let seq = 0;
export function uniqueEmail(prefix = 'seller'): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${seq}@example.com`;
}

interface Fixtures {
  /** Fails the test on any console error or uncaught page error it did not expect. */
  consoleErrors: string[];
  /** A fresh account created through the API (not the UI). */
  user: SeededUser;
  /** A page whose browser context is signed in as `user`. */
  signedInPage: Page;
}

// Chromium logs every non-2xx response as a console error; the UI's own handling of those is what tests assert.
const expectedNoise = [/Failed to load resource/];

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !expectedNoise.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      // A dialog closed just before takes its history entry back a task later (src/web/lib/use-back-closes.ts): a goto
      // sent in between is cancelled by that Back (net::ERR_ABORTED). No seller types an address that fast; a test
      // does, so every goto first waits for the entry of a closed dialog to be gone.
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        await page
          .waitForFunction(
            () =>
              !(history.state as { dialogDepth?: number } | null)?.dialogDepth ||
              document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null,
            undefined,
            { timeout: 5_000 },
          )
          .catch(() => undefined);
        return goto(url, options);
      };
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  user: async ({ playwright }, use) => {
    const user = { email: uniqueEmail(), password: 'correct-horse' };
    const api = await playwright.request.newContext({ baseURL: e2eEnv.baseURL });
    const res = await api.post('/api/auth/sign-up/email', { data: { ...user, name: 'Seller' } });
    expect(res.ok(), await res.text()).toBe(true);
    await api.dispose();
    await use(user);
  },
  signedInPage: async ({ page, user }, use) => {
    const res = await page.context().request.post('/api/auth/sign-in/email', { data: user });
    expect(res.ok(), await res.text()).toBe(true);
    await use(page);
  },
});

export { expect };

/** The newest e-mail the outbox holds for `email`, with the links it carries. */
export async function readOutbox(email: string): Promise<{ subject: string; text: string; links: string[] }> {
  const dir = path.join(e2eEnv.dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = safeList(dir)
      .filter((f) => f.includes(email))
      .sort();
    if (files.length) return JSON.parse(readFileSync(path.join(dir, files.at(-1)!), 'utf8'));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${email} in ${dir}`);
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
