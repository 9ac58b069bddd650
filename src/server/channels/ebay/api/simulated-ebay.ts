/**
 * The simulated eBay: the contract-checked fake eBay (fakes/ebay) started inside the server when it has no eBay
 * keys, so a new installation can connect an account and publish end to end. The eBay client reaches it the way it
 * reaches eBay, through its hosts: the APIs on a loopback port of its own, the consent page (which the seller's
 * browser opens) under the app's own address at SIMULATED_EBAY_PATH (channels/ebay/simulated-ebay-pages.ts). Its state
 * (accounts, tokens, listings, orders...) is kept in DATA_DIR/simulations/ebay.v8 (decision 188): after a restart the
 * seller's connection and listings are still there.
 */
import { createHash } from 'node:crypto';
import { buyListing } from '../../../../../fakes/ebay/fake-ebay-listing-page';
import { SIMULATED_EBAY_LABEL, SIMULATED_EBAY_PATH, SIMULATED_EBAY_SIGN_IN } from '@shared/domain/simulated-ebay';
import { simulatedOrderWords } from '@shared/domain/simulated-orders';
import type { FakeAnswer } from '../../../../../fakes/ebay/fake-ebay-errors';
import type { FakeSeller } from '../../../../../fakes/ebay/fake-ebay-state';
import type { SimulatedTokens } from '../../channel-module';
import { openSimulationStore, savedControls, startFromSaved, type SimulationPersistence } from '../../simulation/simulation-store';
import type { EbayHosts } from './ebay-hosts';
import type { EbayKeyset } from './ebay-oauth';

export interface SimulatedEbay {
  keyset: EbayKeyset;
  hosts: EbayHosts;
  /** A published listing's link: the simulation's own view page under the app's address. */
  listingUrl(listingId: string): string;
  /**
   * The pages a browser opens (consent, a listing's view), served under the app's address. The consent is for the
   * signed-in seller (`appUserId`) only, to a simulated eBay account of their own; signed out, it asks to sign in.
   */
  browserPage(method: string, pathAndQuery: string, formBody: string, appUserId: string | null): FakeAnswer | null;
  /**
   * A simulated buyer buys the seller's live listing (the card's "Simulate a sale"): an order in the seller's simulated
   * account, which reaches the app only through the sales pull, like a real one. False when the listing is not theirs
   * or not live.
   */
  buy(listingId: string, appUserId: string): boolean;
  /**
   * Whether the code came from a consent opened with this `state`: the simulation, unlike eBay, knows, so a
   * seller cannot connect with a code another seller's consent gave.
   */
  codeIssuedWith(code: string, state: string): boolean;
  /** The member's tokens ended or revoked early (tests). */
  tokens: SimulatedTokens;
  close(): Promise<void>;
}

/**
 * Starts the simulation for an app reached at `publicUrl` (its /ebay-callback takes the consent answer), from the state
 * kept in `persistence.dir` if any (none: in memory).
 */
export async function startSimulatedEbay(publicUrl: string, persistence: SimulationPersistence = { dir: null }): Promise<SimulatedEbay> {
  // Loaded only when simulating: the server bundle keeps it in a chunk of its own.
  const { startFakeEbay } = await import('../../../../../fakes/ebay/ebay-server');
  const store = openSimulationStore({ ...persistence, channel: 'ebay' });
  const fake = await startFromSaved(store, (saved) =>
    startFakeEbay({ callbackUrl: `${publicUrl}/ebay-callback`, sellers: [], saved: saved ?? undefined, onChange: store.changed }),
  );
  store.track(() => fake.state.persistentState());
  const pages = `${publicUrl}${SIMULATED_EBAY_PATH}`;
  return {
    keyset: { clientId: fake.clientId, clientSecret: fake.clientSecret, ruName: fake.ruName },
    hosts: { api: fake.url, apiz: fake.url, apim: fake.url, auth: pages },
    listingUrl: (listingId) => `${pages}/itm/${encodeURIComponent(listingId)}`,
    browserPage(method, pathAndQuery, formBody, appUserId) {
      // A page posted (a consent, a purchase, a cancel) changes the state: saved soon after.
      if (method !== 'GET' && method !== 'HEAD') store.changed();
      if (!isSellersPage(pathAndQuery)) return fake.browserPage(method, pathAndQuery, formBody);
      if (!appUserId)
        return signInFirst(
          pathAndQuery.startsWith('/oauth2/')
            ? SIMULATED_EBAY_SIGN_IN
            : pathAndQuery.startsWith('/sh/')
              ? simulatedOrderWords.signInFirst
              : SIMULATED_BUY_SIGN_IN,
        );
      return fake.browserPage(method, pathAndQuery, formBody, simulatedAccountOf(appUserId));
    },
    buy(listingId, appUserId) {
      store.changed();
      return buyListing(fake.state, listingId, simulatedAccountOf(appUserId)).status === 200;
    },
    codeIssuedWith: (code, state) => fake.state.codeIssuedWith(code, state),
    ...savedControls(store, {
      endEarly: (ebayUserId) => fake.expireAccessTokens(ebayUserId),
      revoke: (ebayUserId) => fake.revokeRefreshTokens(ebayUserId),
      close: () => fake.close(),
    }),
  };
}

/**
 * The pages only a signed-in seller may open: the consent (theirs alone), buying one of their own listings, and
 * Seller Hub's order pages (/sh/: an order of theirs, where they cancel it).
 */
export const isSellersPage = (pathAndQuery: string) =>
  pathAndQuery.startsWith('/oauth2/') || pathAndQuery.startsWith('/sh/') || /^\/itm\/[^/?]+\/buy(\?|$)/.test(pathAndQuery);

/**
 * The simulated eBay account of one seller of the app: its own inventory, offers, listings and orders, the same on
 * every connection (named from the seller's id, which it does not show). Two sellers never share one, so neither meets
 * the other's listings as a conflict, nor their orders.
 */
export function simulatedAccountOf(appUserId: string): FakeSeller {
  const id = createHash('sha256').update(appUserId).digest('hex').slice(0, 12);
  return { userId: `simulated-${id}`, username: `simulated_seller_${id.slice(0, 6)}` };
}

const SIMULATED_BUY_SIGN_IN = 'Sign in to Resale Studio as this listing’s seller first, then open the listing again.';

const signInFirst = (message: string): FakeAnswer => ({
  status: 401,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Simulated eBay</title></head><body><p role="status"><strong>${SIMULATED_EBAY_LABEL}</strong></p><h1>${message}</h1></body></html>`,
});
