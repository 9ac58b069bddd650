/**
 * Screenshots of app pages at desktop (1280) and phone (390) width, for looking at what we build.
 * Usage: node --import tsx scripts/screenshot.ts --base http://localhost:3000 --out /tmp/shots [--user a@b.co:secret] /path1 /path2
 * With --user the account is created if needed and signed in first.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const base = option('--base') ?? 'http://localhost:3000';
const out = option('--out') ?? '/tmp/shots';
const user = option('--user');
const pages = args.length ? args : ['/'];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs() });
for (const [label, viewport, isMobile] of [
  ['desktop', { width: 1280, height: 900 }, false],
  ['phone', { width: 390, height: 844 }, true],
] as const) {
  const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile, deviceScaleFactor: 1 });
  if (user) {
    const [email = '', password] = user.split(':');
    await context.request.post(`${base}/api/auth/sign-up/email`, { data: { email, password, name: email.split('@')[0] } });
    const res = await context.request.post(`${base}/api/auth/sign-in/email`, { data: { email, password } });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  }
  const page = await context.newPage();
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const file = path.join(out, `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
