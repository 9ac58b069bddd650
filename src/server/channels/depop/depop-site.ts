import type { SellerRegion } from '@shared/domain/seller-region';

/**
 * The Depop site a seller's shop is on, of the two Depop has (UK in pounds, US in dollars): the UK for a seller in
 * Britain or the EU (pounds or euros are nearer than dollars), the US for the rest.
 */
export function depopSiteOf(region: Pick<SellerRegion, 'country' | 'currency'>): 'GB' | 'US' {
  return region.country === 'GB' || region.currency === 'EUR' ? 'GB' : 'US';
}
