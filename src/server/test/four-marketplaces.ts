import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeDepop } from '../../../fakes/depop/depop-server';
import { startFakeEbay } from '../../../fakes/ebay/ebay-server';
import { startFakeEtsy } from '../../../fakes/etsy/etsy-server';
import { startFakeShopify } from '../../../fakes/shopify/shopify-server';
import { fakesEnv, startApp, type Fakes, type RunningApp } from './crosslisted-items';

const LOCAL_URL = 'http://localhost:3000';

export interface FourMarketplaces {
  fakes: Required<Fakes>;
  running: RunningApp;
  close(): Promise<void>;
}

export interface FourMarketplacesOptions {
  /** The app's PUBLIC_URL (an https one lets eBay push; its TLS proxy is the test's to play). */
  publicUrl?: string;
  /** Job workers the app runs itself (2, as `npm start`; 0: the test runs the jobs). */
  workers?: number;
  /** More of the app's environment. */
  env?: Record<string, string>;
}

/**
 * The real app (its routes, services and workers, as `npm start` composes them) on a data folder of its own, against
 * the fake eBay, Etsy, Shopify and Depop: what a test of something every marketplace does alike runs on.
 */
export async function startFourMarketplaces(name: string, options: FourMarketplacesOptions = {}): Promise<FourMarketplaces> {
  const publicUrl = options.publicUrl ?? LOCAL_URL;
  const fakes = {
    ebay: await startFakeEbay({ callbackUrl: `${LOCAL_URL}/ebay-callback` }),
    etsy: await startFakeEtsy({ callsPerSecond: 0 }),
    shopify: await startFakeShopify(),
    depop: await startFakeDepop({ redirectUris: [`${publicUrl}/channels`], webhookSecret: `${name}_depop_webhook_secret` }),
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), `rs-${name}-`));
  const running = await startApp({
    ...fakesEnv(fakes),
    ...options.env,
    DATA_DIR: dataDir,
    WORKERS: String(options.workers ?? 2),
    PUBLIC_URL: publicUrl,
  });
  return {
    fakes,
    running,
    async close() {
      await running.close();
      await Promise.all([fakes.ebay.close(), fakes.etsy.close(), fakes.shopify.close(), fakes.depop.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
