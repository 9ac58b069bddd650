import { existsSync } from 'node:fs';

/** Debian's full Chromium (or CHROMIUM_PATH): what a spec needs that only the full browser has (the Push API). */
export function fullChromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  return candidates.find((p) => existsSync(p));
}

/**
 * The browser the suite runs in (or CHROMIUM_PATH): Debian's chromium-headless-shell, the headless Chromium Playwright
 * itself runs by default, where it is installed; the full Chromium otherwise. The same pages took a third less CPU in
 * it (decision 145). Undefined when neither is installed.
 */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return fullChromiumPath();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : fullChromiumPath();
}
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The flags this machine's Chromium needs: no sandbox as root, no network chatter to hosts we cannot reach. */
export function chromiumArgs(options: { fakeCamera?: boolean; allowCamera?: boolean } = {}): string[] {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ];
  if (options.fakeCamera) args.push('--use-fake-device-for-media-stream');
  if (options.allowCamera) args.push('--use-fake-ui-for-media-stream');
  return args;
}

/** What the browser suite does without a Chromium: outside CI it skips (exit 0) saying so; CI must run it, so fails. */
export function withoutChromium(env: NodeJS.ProcessEnv): { exitCode: number; message: string } {
  const hint = 'set CHROMIUM_PATH or apt-get install chromium for /usr/bin/chromium';
  return env.CI === 'true'
    ? { exitCode: 1, message: `Browser suite FAILED: no Chromium found, and CI must run it (${hint}).` }
    : { exitCode: 0, message: `Browser suite skipped: no Chromium found (${hint}).` };
}
