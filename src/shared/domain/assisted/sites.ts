import type { AssistedChannel } from '../channel-listing';
import type { SizeStandard } from './size-standards';

/**
 * An assisted marketplace's site in the seller's country: where they list, in which currency its price
 * field takes, and which sizes its form offers. Vinted runs a site per country (vinted.fr, vinted.de, vinted.co.uk...),
 * each in its own currency; Depop one site whose prices and sizes follow the seller's country. Sources and the
 * countries left out: docs/decisions/103-assisted-sites-and-own-sales.md.
 */
export interface AssistedSite {
  /** The seller reads it: "Vinted France". */
  name: string;
  host: string;
  country: string;
  /** ISO 4217: the currency its price field takes. */
  currency: string;
  sizeStandard: SizeStandard;
}

type SiteRow = [host: string, currency: string, sizeStandard: SizeStandard, countryName: string];

/**
 * Vinted: a site per country. No Canadian site: Vinted left Canada on 12 February 2024 (its e-mail to members,
 * https://www.lapresse.ca/societe/mode-et-beaute/2023-12-11/vetements-d-occasion/vinted-cessera-ses-activites-au-canada.php,
 * read 2026-11-28); none in Australia.
 */
const vinted: Readonly<Record<string, SiteRow>> = {
  US: ['vinted.com', 'USD', 'US', 'US'],
  GB: ['vinted.co.uk', 'GBP', 'UK', 'UK'],
  IE: ['vinted.ie', 'EUR', 'UK', 'Ireland'],
  FR: ['vinted.fr', 'EUR', 'EU', 'France'],
  DE: ['vinted.de', 'EUR', 'EU', 'Germany'],
  IT: ['vinted.it', 'EUR', 'EU', 'Italy'],
  ES: ['vinted.es', 'EUR', 'EU', 'Spain'],
  NL: ['vinted.nl', 'EUR', 'EU', 'Netherlands'],
  BE: ['vinted.be', 'EUR', 'EU', 'Belgium'],
  AT: ['vinted.at', 'EUR', 'EU', 'Austria'],
  LU: ['vinted.lu', 'EUR', 'EU', 'Luxembourg'],
  PT: ['vinted.pt', 'EUR', 'EU', 'Portugal'],
  LT: ['vinted.lt', 'EUR', 'EU', 'Lithuania'],
  PL: ['vinted.pl', 'PLN', 'EU', 'Poland'],
  CZ: ['vinted.cz', 'CZK', 'EU', 'Czechia'],
};

/** Depop: the US and the UK checked (decision 103); its other countries are left out until checked. */
const depop: Readonly<Record<string, SiteRow>> = {
  US: ['depop.com', 'USD', 'US', 'US'],
  GB: ['depop.com', 'GBP', 'UK', 'UK'],
};

const usOnly = (host: string): Readonly<Record<string, SiteRow>> => ({ US: [host, 'USD', 'US', 'US'] });

const sitesByCountry: Readonly<Record<AssistedChannel, Readonly<Record<string, SiteRow>>>> = {
  vinted,
  depop,
  // The US and Canada only: Poshmark closed its Australian, Indian and UK marketplaces on 2 November 2023 "to focus on
  // ... its core markets of the United States and Canada" (https://powerretail.com.au/poshmark-exits-australia-uk-and-india/,
  // read 2026-11-28).
  poshmark: { ...usOnly('poshmark.com'), CA: ['poshmark.ca', 'CAD', 'US', 'Canada'] },
  // The US only: Mercari closed its UK service on 15 March 2019 and kept the US (outside Japan)
  // (https://www.sankeibiz.jp/business/news/181219/bsj1812190500003-n1.htm, read 2026-11-28).
  mercari: usOnly('mercari.com'),
  grailed: { US: ['grailed.com', 'USD', 'US', ''] },
};

const channelTitles: Readonly<Record<AssistedChannel, string>> = {
  vinted: 'Vinted',
  depop: 'Depop',
  poshmark: 'Poshmark',
  mercari: 'Mercari',
  grailed: 'Grailed',
};

/** Grailed is one site for the world, priced in US dollars; the others list only where they have a site. */
const worldwide: ReadonlySet<AssistedChannel> = new Set(['grailed']);

/** The marketplace's site for a seller in `country` (ISO alpha-2); null when it has none there. */
export function assistedSiteFor(channel: AssistedChannel, country: string): AssistedSite | null {
  const sites = sitesByCountry[channel];
  const row = sites[country.toUpperCase()] ?? (worldwide.has(channel) ? sites.US : undefined);
  if (!row) return null;
  const [host, currency, sizeStandard, countryName] = row;
  return { name: `${channelTitles[channel]} ${countryName}`.trim(), host, country: country.toUpperCase(), currency, sizeStandard };
}

/** Every host the marketplace's sites are on (a pasted listing URL may be on any of them). */
export const assistedSiteHosts = (channel: AssistedChannel): string[] => [
  ...new Set(Object.values(sitesByCountry[channel]).map(([host]) => host)),
];
