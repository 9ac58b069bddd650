/**
 * The simulated eBay: the contract-checked fake eBay (fakes/ebay) started inside the server when it has no eBay
 * keys, so a new installation can connect an account and publish end to end. The eBay client reaches it the way it
 * reaches eBay, through its hosts: the APIs on a loopback port of its own, the consent page (which the seller's
 * browser opens) under the app's own address at SIMULATED_EBAY_PATH (http/simulated-ebay-pages.ts). It keeps its
 * data in memory: after a restart the seller connects again.
 */
import { SIMULATED_EBAY_PATH } from '@shared/domain/simulated-ebay';
import type { FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import type { EbayHosts } from './ebay-hosts';
import type { EbayKeyset } from './ebay-oauth';

export interface SimulatedEbay {
  keyset: EbayKeyset;
  hosts: EbayHosts;
  /** A published listing's link: the simulation's own view page under the app's address. */
  listingUrl(listingId: string): string;
  /** The pages a browser opens (consent, a listing's view), served under the app's address. */
  browserPage: FakeEbay['browserPage'];
  close(): Promise<void>;
}

/** Starts the simulation for an app reached at `publicUrl` (its /ebay-callback takes the consent answer). */
export async function startSimulatedEbay(publicUrl: string): Promise<SimulatedEbay> {
  // Loaded only when simulating: the server bundle keeps it in a chunk of its own.
  const { startFakeEbay } = await import('../../../../../fakes/ebay/ebay-server');
  const fake = await startFakeEbay({
    callbackUrl: `${publicUrl}/ebay-callback`,
    sellers: [{ userId: 'simulated-seller-1', username: 'simulated_seller' }],
  });
  const pages = `${publicUrl}${SIMULATED_EBAY_PATH}`;
  return {
    keyset: { clientId: fake.clientId, clientSecret: fake.clientSecret, ruName: fake.ruName },
    hosts: { api: fake.url, apiz: fake.url, apim: fake.url, auth: pages },
    listingUrl: (listingId) => `${pages}/itm/${encodeURIComponent(listingId)}`,
    browserPage: (method, pathAndQuery, formBody) => fake.browserPage(method, pathAndQuery, formBody),
    close: () => fake.close(),
  };
}
