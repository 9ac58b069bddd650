import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeDepop } from '../../../fakes/depop/depop-server';
import { startFakeEbay } from '../../../fakes/ebay/ebay-server';
import { startFakeEtsy } from '../../../fakes/etsy/etsy-server';
import { startFakeShopify } from '../../../fakes/shopify/shopify-server';
import { fakesEnv, startApp, type Fakes, type RunningApp } from './crosslisted-items';

const PUBLIC_URL = 'http://localhost:3000';

export interface FourMarketplaces {
  fakes: Required<Fakes>;
  running: RunningApp;
  close(): Promise<void>;
}

/**
 * The real app (its routes, services and workers, as `npm start` composes them) on a data folder of its own, against
 * the fake eBay, Etsy, Shopify and Depop: what a test of something every marketplace does alike runs on.
 */
export async function startFourMarketplaces(name: string): Promise<FourMarketplaces> {
  const fakes = {
    ebay: await startFakeEbay({ callbackUrl: `${PUBLIC_URL}/ebay-callback` }),
    etsy: await startFakeEtsy({ callsPerSecond: 0 }),
    shopify: await startFakeShopify(),
    depop: await startFakeDepop({ redirectUris: [`${PUBLIC_URL}/channels`], webhookSecret: `${name}_depop_webhook_secret` }),
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), `rs-${name}-`));
  const running = await startApp({ ...fakesEnv(fakes), DATA_DIR: dataDir, WORKERS: '2', PUBLIC_URL });
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
