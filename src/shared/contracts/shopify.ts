import { z } from 'zod';
import { route } from './route-table';

/** Shopify (decision 072): the seller's store, connected by OAuth on its own myshopify.com domain. */
export const shopifyPaths = {
  connection: '/api/shopify/connection',
  /** Where Shopify sends the seller back (GET, signed query); the server answers with the Marketplaces screen. */
  callback: '/api/shopify/oauth/callback',
  simulatedSale: '/api/items/:itemId/simulated-shopify-sale',
  /** Where Shopify pushes the orders/create webhook (public, HMAC-checked). */
  webhooks: '/api/shopify/webhooks',
} as const;

export const shopifyMessages = {
  notConfigured: 'Shopify is not configured on this server',
  howToConfigure: (redirectUri: string) =>
    `Shopify is not set up on this server yet. To list on Shopify, create an app in the Shopify Partner dashboard, set SHOPIFY_API_KEY to its client id and SHOPIFY_API_SECRET to its secret, add ${redirectUri} as its redirect URL, and restart the server.`,
  notConnected: 'Connect your Shopify store first (Marketplaces screen).',
  expired:
    'Shopify no longer accepts this store’s connection (the app was removed or its access revoked): connect your store again on the Marketplaces screen.',
  badDomain: 'Type your store’s Shopify address, like my-store.myshopify.com.',
  connectFailed: 'Could not connect to Shopify. Please try again.',
  callbackRefused: 'This Shopify sign-in could not be verified (it expired or was not for this seller). Please connect again.',
  noLocation: 'Your Shopify store has no active location to count stock at: add one in Shopify, then connect again.',
  noOnlineStore: 'Your Shopify store has no Online Store sales channel: add it in Shopify, then connect again.',
  disconnected: 'Shopify store disconnected.',
  /** Said with `disconnected`, by what became of the store's orders webhook (decision 082). */
  webhookDeleted: 'Its orders webhook is deleted: your store no longer sends its orders here.',
  webhookNotDeleted: 'Its orders webhook could not be deleted now: your store may still send its orders, which are ignored.',
} as const;

/** "my-store", "my-store.myshopify.com" or "https://my-store.myshopify.com/admin": the store's domain, lower case. */
export function shopDomainOf(typed: string): string | null {
  const bare = typed
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const domain = bare.includes('.') ? bare : `${bare}.myshopify.com`;
  return /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(domain) ? domain : null;
}

export const shopifyConnectionResponse = z.object({
  configured: z.boolean(),
  /** The redirect URL to register with the Shopify app: said while Shopify is not configured. */
  redirectUri: z.string().optional(),
  /** The server runs the simulated Shopify (no Shopify keys): nothing is listed for real. */
  simulated: z.boolean().optional(),
  connection: z
    .object({
      /** expired: Shopify refused the store's token (uninstalled, revoked): the seller connects again. */
      status: z.enum(['connected', 'expired']),
      shop: z.object({ domain: z.string(), name: z.string().nullable() }),
      connectedAt: z.string(),
    })
    .nullable(),
});
export type ShopifyConnectionResponse = z.infer<typeof shopifyConnectionResponse>;

/** The seller's Shopify routes (the callback Shopify's install sends the seller back to is a browser's page, not here). */
export const shopifyApi = {
  connection: route.get(shopifyPaths.connection, {
    summary: 'The seller’s Shopify store (never the token)',
    response: { 200: shopifyConnectionResponse },
  }),
};
