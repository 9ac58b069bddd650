import { apiChannels, channelNames, type ApiChannel } from '../domain/channel-listing';
import { depopTraits } from './depop-traits';
import { ebayTraits } from './ebay-traits';
import type { ListedItem } from './items';
import type { SellerRegion } from '../domain/seller-region';
import type { DraftVocabulary, HomeSite, ListedCategory, MarketplaceTraits, PublishState } from './marketplace-traits';
import { webPaths } from './web-paths';

/**
 * Each API marketplace's traits (decision 173): the one shared file that knows every marketplace's, so the cards,
 * the photo editor and the autopilot ask here rather than name one. A marketplace with none of its own is `{}`.
 */
export const marketplaceTraits: Readonly<Record<ApiChannel, MarketplaceTraits>> = {
  ebay: ebayTraits,
  etsy: {},
  shopify: {},
  depop: depopTraits,
};

/** The marketplaces whose listing's publish state is the card's status, in the order of `apiChannels`. */
export const cardStatusChannels: readonly ApiChannel[] = apiChannels.filter((channel) => marketplaceTraits[channel].publishStateOf);

/** The card's publish state: the first of `cardStatusChannels` with one, with its marketplace's name; else null. */
export function cardPublishStateOf(item: Pick<ListedItem, 'listings'>): { channel: ApiChannel; name: string; state: PublishState } | null {
  for (const channel of cardStatusChannels) {
    const state = marketplaceTraits[channel].publishStateOf!(item);
    if (state) return { channel, name: channelNames[channel], state };
  }
  return null;
}

/**
 * The marketplace whose pre-flight the item's readiness carries (the first whose trait says so), by name: the readiness
 * panel is "Ready for" it.
 */
export const readinessFor: { channel: ApiChannel | null; name: string } = apiChannels.flatMap((channel) =>
  marketplaceTraits[channel].checksReadiness ? [{ channel, name: channelNames[channel] }] : [],
)[0] ?? { channel: null, name: 'the marketplace' };

/** The marketplace whose active listings are the comparables (the first with them), by name, with its simulation's title. */
export const comparablesFrom: { channel: ApiChannel | null; name: string; simulatedTitle: string } = apiChannels.flatMap((channel) => {
  const comparables = marketplaceTraits[channel].comparables;
  return comparables ? [{ channel, name: channelNames[channel], ...comparables }] : [];
})[0] ?? { channel: null, name: 'the marketplaces', simulatedTitle: 'Simulated comparables' };

/**
 * The marketplaces whose live listing of the item deleting it ends first (their trait says so, and the listing has a
 * link), by name, in the order of `apiChannels`: what the delete confirmation names.
 */
export function listingsEndedOnDelete(item: Pick<ListedItem, 'listings'>): string[] {
  return apiChannels.flatMap((channel) => {
    const traits = marketplaceTraits[channel];
    return traits.deleteEndsLiveListing && traits.publishStateOf?.(item)?.listingUrl ? [channelNames[channel]] : [];
  });
}

/** Where the seller fixes what only the marketplace can: its own screen, else its section on Marketplaces. */
export const screenPathOf = (channel: ApiChannel): string => marketplaceTraits[channel].screenPath ?? webPaths.channels;

/** The marketplaces with a screen of their own (eBay's, with its Quick Fix), in the order of `apiChannels`. */
export const ownScreens: readonly { channel: ApiChannel; name: string; path: string }[] = apiChannels.flatMap((channel) => {
  const path = marketplaceTraits[channel].screenPath;
  return path ? [{ channel, name: channelNames[channel], path }] : [];
});

/**
 * Where a held product's problem that its card cannot fix is fixed: the screen of the first of its channels with one,
 * else the first marketplace's screen (null: none has a screen of its own).
 */
export const fixScreenFor = (channels: readonly (ApiChannel | null)[]) =>
  ownScreens.find((screen) => channels.includes(screen.channel)) ?? ownScreens[0] ?? null;

/** The category and grade each marketplace's listing of the item names, by the marketplace's name (those that name one). */
export function listedCategoriesOf(item: Pick<ListedItem, 'listings'>): (ListedCategory & { name: string })[] {
  return apiChannels.flatMap((channel) => {
    const listed = marketplaceTraits[channel].listedCategoryOf?.(item);
    return listed ? [{ name: channelNames[channel], ...listed }] : [];
  });
}

/** The marketplaces a title this long is longer than they take, by name: "longer than eBay recommends". */
export const titleTooLongFor = (length: number): string[] =>
  apiChannels.flatMap((channel) => {
    const max = marketplaceTraits[channel].titleMaxChars;
    return max !== undefined && length > max ? [channelNames[channel]] : [];
  });

/** Each marketplace's photo minimum (its longest side, in pixels), in the order of `apiChannels`. */
export const photoMinimums: readonly { name: string; longSidePx: number }[] = apiChannels.flatMap((channel) => {
  const longSidePx = marketplaceTraits[channel].photoMinimumLongSidePx;
  return longSidePx ? [{ name: channelNames[channel], longSidePx }] : [];
});

/** The marketplaces a new seller's autopilot publishes to. */
export const defaultAutopilotChannels: readonly ApiChannel[] = apiChannels.filter(
  (channel) => marketplaceTraits[channel].onAutopilotByDefault,
);

/**
 * The marketplace the AI's listing is written for, in its words (decision 177): the first with a draft vocabulary,
 * with its name ("Write the eBay listing"). The listing's category and grade are its; one must have them.
 */
export const draftMarketplace: DraftVocabulary & { channel: ApiChannel; name: string } = (() => {
  const channel = apiChannels.find((id) => marketplaceTraits[id].draftVocabulary);
  if (!channel) throw new Error("No marketplace's traits say how the AI's listing is written (draftVocabulary)");
  return { channel, name: channelNames[channel], ...marketplaceTraits[channel].draftVocabulary! };
})();

/**
 * The seller's home site: that of the first marketplace with a site per country (eBay UK for a UK seller), which the
 * AI prices a listing for; none: the seller's own country and currency, named by the region.
 */
export function homeSiteOf(region: SellerRegion): HomeSite {
  const withSites = apiChannels.find((channel) => marketplaceTraits[channel].homeSiteOf);
  return withSites
    ? marketplaceTraits[withSites].homeSiteOf!(region)
    : { marketplaceId: region.country, country: region.country, currency: region.currency, name: region.label };
}
