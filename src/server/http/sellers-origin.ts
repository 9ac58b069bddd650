import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUnderPrefix, simulatedPagePrefixes } from '@shared/contracts/web-paths';
import { trustedOrigins } from '../auth/auth';
import type { Config } from '../config';

/** Moves a URL of the app's own pages (on PUBLIC_URL's origin) to the address this request came to. */
export type OnSellersOrigin = (request: FastifyRequest, url: string) => string;

/**
 * The simulated marketplaces' pages are served under the app's own address, and their consent is the signed-in
 * seller's: the browser must open them, and come back from them, on the address the seller is using, where their
 * session is (at http://127.0.0.1:3000 the eBay consent opened at PUBLIC_URL's localhost, signed
 * out, with no Agree). A URL on PUBLIC_URL's origin moves to the request's own origin when the server is reached there
 * (trustedOrigins: PUBLIC_URL, ALLOWED_HOSTS and, without PUBLIC_URL, localhost, 127.0.0.1 and the LAN addresses);
 * any other URL, or a request to an address the server does not know (a forged Host), is left as it is. Only the
 * origin changes: the page, and the callback it leads to, stay what the simulation chose.
 */
export function sellersOrigin(config: Parameters<typeof trustedOrigins>[0]): OnSellersOrigin {
  const home = new URL(config.publicUrl).origin;
  const trusted = new Set(trustedOrigins(config).map((origin) => new URL(origin).origin));
  return (request, url) => {
    const own = `${request.protocol}://${request.host}`;
    if (!URL.canParse(url) || !URL.canParse(own)) return url;
    const target = new URL(url);
    const origin = new URL(own).origin;
    if (target.origin !== home || origin === home || !trusted.has(origin)) return url;
    return `${origin}${target.pathname}${target.search}${target.hash}`;
  };
}

/**
 * A simulated marketplace's page that sends the browser back to the app (its consent's answer to the app's callback)
 * sends it back to the address the page was opened at.
 */
export function registerSimulatedPagesRedirects(app: FastifyInstance, config: Config, onSellersOrigin = sellersOrigin(config)) {
  app.addHook('onSend', async (request, reply) => {
    const location = reply.getHeader('location');
    if (typeof location !== 'string') return;
    const [pathname = ''] = request.url.split('?');
    if (isUnderPrefix(pathname, simulatedPagePrefixes)) reply.header('location', onSellersOrigin(request, location));
  });
}
