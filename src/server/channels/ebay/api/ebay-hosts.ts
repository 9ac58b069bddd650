/** eBay's hosts per environment (ebay.md "Hosts"); every one can be overridden, so tests point them all at the fake. */
export type EbayEnvironment = 'sandbox' | 'production';

export interface EbayHosts {
  /** Token endpoint, Sell (Account, Inventory), Taxonomy, Metadata. */
  api: string;
  /** Identity. */
  apiz: string;
  /** Media (image uploads). */
  apim: string;
  /** The user consent page. */
  auth: string;
}

const defaults: Record<EbayEnvironment, EbayHosts> = {
  production: {
    api: 'https://api.ebay.com',
    apiz: 'https://apiz.ebay.com',
    apim: 'https://apim.ebay.com',
    auth: 'https://auth.ebay.com',
  },
  sandbox: {
    api: 'https://api.sandbox.ebay.com',
    apiz: 'https://apiz.sandbox.ebay.com',
    apim: 'https://apim.sandbox.ebay.com',
    auth: 'https://auth.sandbox.ebay.com',
  },
};

/** The hosts of an environment with any overrides applied (trailing slashes dropped). */
export function ebayHosts(environment: EbayEnvironment, overrides: Partial<EbayHosts> = {}): EbayHosts {
  const hosts = { ...defaults[environment] };
  for (const key of Object.keys(hosts) as (keyof EbayHosts)[]) {
    const override = overrides[key];
    if (override) hosts[key] = override.replace(/\/+$/, '');
  }
  return hosts;
}

/** Where buyers see a published listing. */
export function ebayListingUrl(environment: EbayEnvironment, listingId: string): string {
  return `${environment === 'sandbox' ? 'https://sandbox.ebay.com' : 'https://www.ebay.com'}/itm/${encodeURIComponent(listingId)}`;
}
