import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the end-to-end server listens and keeps its data; shared by the config and the fixtures. */
export const e2eEnv = {
  root,
  port: Number(process.env.E2E_PORT ?? 4173),
  fakeAiPort: Number(process.env.E2E_FAKE_AI_PORT ?? 4180),
  /** The fake AI's delay before each answer (ms); 0 unless E2E_FAKE_AI_LATENCY sets one (decision 096). */
  fakeAiLatencyMs: Number(process.env.E2E_FAKE_AI_LATENCY ?? 0),
  /** The fake eBay (fakes/ebay): every eBay host of the main app server points at it. */
  fakeEbayPort: Number(process.env.E2E_FAKE_EBAY_PORT ?? Number(process.env.E2E_FAKE_AI_PORT ?? 4180) + 3),
  /** The keyset the fake eBay issues tokens for, and the main app server is configured with. */
  fakeEbayKeyset: {
    clientId: 'FakeSell-resale-SBX-0123456789-abcdef01',
    clientSecret: 'SBX-0123456789ab-cdef-0123-4567-89ab',
    ruName: 'Fake_Seller-FakeSell-resale-abcdefgh',
  },
  get fakeEbayURL() {
    return `http://127.0.0.1:${this.fakeEbayPort}`;
  },
  /** The fake Etsy (fakes/etsy): the main app server's Etsy API and consent page. */
  fakeEtsyPort: Number(process.env.E2E_FAKE_ETSY_PORT ?? Number(process.env.E2E_FAKE_AI_PORT ?? 4180) + 4),
  fakeEtsyKeyset: { keystring: 'fakee2eetsykeystring01', sharedSecret: 'fakee2esecret' },
  get fakeEtsyURL() {
    return `http://127.0.0.1:${this.fakeEtsyPort}`;
  },
  /** A second app server with no provider keys: the offline `basic` AI provider and the simulated eBay (in-process). */
  basicPort: Number(process.env.E2E_BASIC_PORT ?? 4175),
  dataDir: process.env.E2E_DATA_DIR ?? path.join(root, 'e2e/.artifacts/data'),
  get baseURL() {
    return `http://127.0.0.1:${this.port}`;
  },
  get basicBaseURL() {
    return `http://127.0.0.1:${this.basicPort}`;
  },
};
