import type { EbayConfig } from './config';

/**
 * Where eBay's listing photos load from (the comparables' thumbnails): eBay's picture hosts, and the API host when it
 * is overridden (the fake eBay serves its pictures itself).
 */
export function ebayPictureOrigins(ebay: Pick<EbayConfig, 'hosts'>): string[] {
  const override = ebay.hosts.api ? [new URL(ebay.hosts.api).origin] : [];
  return ['https://i.ebayimg.com', 'https://i.ebayimg.sandbox.ebay.com', ...override];
}
