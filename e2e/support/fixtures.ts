import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { e2eEnv } from './e2e-env';
import { paced } from './pace';

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
  /** What moved on the page while the test ran (the Layout Instability API) and where taps went, printed when it fails. */
  layoutShifts: void;
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
            { timeout: paced(5_000) },
          )
          .catch(() => undefined);
        return goto(url, options);
      };
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  layoutShifts: [
    async ({ page }, use, testInfo) => {
      await page.addInitScript(recordLayoutShifts);
      await use();
      if (testInfo.status === testInfo.expectedStatus && !process.env.E2E_PRINT_SHIFTS) return;
      const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts?: string[] }).__layoutShifts ?? []).catch(() => []);
      if (shifts.length)
        console.log(`what moved, and where taps went, in "${testInfo.title}" [${testInfo.project.name}]:\n  ${shifts.join('\n  ')}`);
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

/** In the page: each layout shift, with what moved, from where to where, and when (ms since the page began). */
function recordLayoutShifts() {
  const shifts: string[] = [];
  (window as unknown as { __layoutShifts: string[] }).__layoutShifts = shifts;
  const name = (node: Node | null) => {
    if (!(node instanceof Element)) return String(node?.nodeName ?? '?');
    const id = node.getAttribute('data-testid') ?? node.id;
    return `${node.tagName.toLowerCase()}${id ? `#${id}` : ''}${node.textContent ? ` "${node.textContent.trim().slice(0, 40)}"` : ''}`;
  };
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      const moved = (entry.sources ?? []).map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`).join('; ');
      shifts.push(`${location.pathname} @${Math.round(entry.startTime)}ms${entry.hadRecentInput ? ' (after input)' : ''}: ${moved}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // Where each tap went: a press and its release on different elements is a tap lost to something that moved.
  for (const type of ['pointerdown', 'pointerup', 'click'])
    document.addEventListener(
      type,
      (event) => {
        const { clientX, clientY } = event as MouseEvent;
        shifts.push(
          `${location.pathname} @${Math.round(event.timeStamp)}ms: ${type} on ${name(event.target as Node)} at ${clientX},${clientY}`,
        );
      },
      { capture: true },
    );
}
