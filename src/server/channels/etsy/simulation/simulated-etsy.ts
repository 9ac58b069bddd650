/**
 * The simulated Etsy: the contract-checked fake Etsy (fakes/etsy) started inside the server when it has no
 * Etsy keys, as the simulated eBay is (decision 042). The Etsy client reaches its API on a loopback port of its own;
 * the pages a browser opens (consent, a listing's view and its "Buy it now (simulation)") are served under the app's
 * address at SIMULATED_ETSY_PATH. Each seller of the app connects a simulated shop of their own. Its state (shops,
 * tokens, listings, receipts...) is kept in DATA_DIR/simulations/etsy.v8 (decision 188): a restart keeps the seller's
 * connection and listings.
 */
import { createHash } from 'node:crypto';
import { SIMULATED_ETSY_LABEL, SIMULATED_ETSY_PATH, SIMULATED_ETSY_SIGN_IN } from '@shared/domain/simulated-etsy';
import { simulatedOrderWords } from '@shared/domain/simulated-orders';
import type { BrowserAnswer } from '../../../../../fakes/etsy/etsy-server';
import type { SimulatedTokens } from '../../channel-module';
import { openSimulationStore, savedControls, startFromSaved, type SimulationPersistence } from '../../simulation/simulation-store';

export interface SimulatedEtsy {
  keystring: string;
  sharedSecret: string;
  apiBase: string;
  oauthBase: string;
  /** A browser page under SIMULATED_ETSY_PATH for the signed-in seller (`appUserId`), or null when there is none. */
  browserPage(method: string, pathAndQuery: string, formBody: string, appUserId: string | null): BrowserAnswer | null;
  /** A simulated buyer buys the seller's live listing: a receipt in their simulated shop, which only the pull brings in. */
  buy(listingId: string, appUserId: string): boolean;
  /** The shop's tokens ended or revoked early (tests); its account reference is the shop id. */
  tokens: SimulatedTokens;
  close(): Promise<void>;
}

/**
 * Starts the simulation for an app reached at `publicUrl`, whose consent sends the browser back only to `redirectUri`
 * (the app's own: the Marketplaces screen), as Etsy sends it only to an app's registered callback URL; from the state
 * kept in `persistence.dir` if any (none: in memory).
 */
export async function startSimulatedEtsy(
  publicUrl: string,
  redirectUri: string,
  persistence: SimulationPersistence = { dir: null },
): Promise<SimulatedEtsy> {
  // Loaded only when simulating.
  const { startFakeEtsy } = await import('../../../../../fakes/etsy/etsy-server');
  const pages = `${publicUrl}${SIMULATED_ETSY_PATH}`;
  const store = openSimulationStore({ ...persistence, channel: 'etsy' });
  const fake = await startFromSaved(store, (saved) =>
    // No rate limit of its own: the client is paced to Etsy's anyway.
    startFakeEtsy({
      callsPerSecond: 0,
      pagesUrl: pages,
      label: SIMULATED_ETSY_LABEL,
      redirectUris: [redirectUri],
      saved: saved ?? undefined,
      onChange: store.changed,
    }),
  );
  store.track(() => fake.persistentState());
  return {
    keystring: fake.keystring,
    sharedSecret: fake.sharedSecret,
    apiBase: fake.url,
    oauthBase: pages,
    browserPage(method, pathAndQuery, formBody, appUserId) {
      // A page posted (a consent, a purchase, a cancel) changes the state: saved soon after.
      if (method !== 'GET' && method !== 'HEAD') store.changed();
      if (!appUserId)
        return isSellersPage(pathAndQuery)
          ? signInFirst(pathAndQuery.startsWith('/your/') ? simulatedOrderWords.signInFirst : SIMULATED_ETSY_SIGN_IN)
          : fake.browserPage(method, pathAndQuery, formBody);
      return fake.browserPage(method, pathAndQuery, formBody, simulatedShopOf(appUserId));
    },
    buy(listingId, appUserId) {
      store.changed();
      return /^\d+$/.test(listingId) && fake.buy(Number(listingId), simulatedShopOf(appUserId));
    },
    ...savedControls(store, {
      endEarly: (shopId) => fake.expireAccessTokens(Number(shopId)),
      revoke: (shopId) => fake.revokeRefreshTokens(Number(shopId)),
      close: () => fake.close(),
    }),
  };
}

/**
 * The pages only a signed-in seller may open: the consent (their own shop), buying one of their listings, and the shop
 * manager's order pages (/your/: an order of theirs, where they cancel it).
 */
export const isSellersPage = (pathAndQuery: string) =>
  pathAndQuery.startsWith('/oauth/') || pathAndQuery.startsWith('/your/') || /^\/listing\/\d+\/buy(\?|$)/.test(pathAndQuery);

/** The simulated Etsy account of one seller of the app, named from their id (which it does not show): never shared. */
export const simulatedShopOf = (appUserId: string) => `simulated-${createHash('sha256').update(appUserId).digest('hex').slice(0, 12)}`;

const signInFirst = (message: string): BrowserAnswer => ({
  status: 401,
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Simulated Etsy</title></head><body><p role="status"><strong>${SIMULATED_ETSY_LABEL}</strong></p><h1>${message}</h1></body></html>`,
});
