import type { MarketplaceTraits } from './marketplace-traits';

/** Depop's answers to what the channel-neutral code asks (decision 173): its similar sold items carry no dates. */
export const depopTraits: MarketplaceTraits = {
  undatedSignal: 'similar sold items',
};
