/** eBay's codes as sellers read them: no raw code reaches the seller. */

/** The eBay environment as the seller reads it: the simulation is never called "Sandbox". */
export const ebayEnvironmentLabel = ({ simulated, environment }: { simulated: boolean; environment: 'sandbox' | 'production' }) =>
  simulated ? 'Simulated eBay' : environment === 'production' ? 'Production' : 'Sandbox';

const ebayMarketplaceNames: Readonly<Record<string, string>> = {
  EBAY_US: 'eBay US',
  EBAY_GB: 'eBay UK',
  EBAY_DE: 'eBay Germany',
  EBAY_FR: 'eBay France',
  EBAY_IT: 'eBay Italy',
  EBAY_ES: 'eBay Spain',
  EBAY_AU: 'eBay Australia',
  EBAY_CA: 'eBay Canada',
};

/** An eBay marketplace id (EBAY_US) as the seller knows it (eBay US). */
export const ebayMarketplaceName = (marketplaceId: string) =>
  ebayMarketplaceNames[marketplaceId] ?? `eBay ${marketplaceId.replace(/^EBAY_/, '').replace(/_/g, ' ')}`;
