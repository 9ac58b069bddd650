// eBay's category and grade for an item are its eBay listing's: eBay's module keeps them from the AI's
// listing and clears them when it is reset (`ChannelModule.listing`). The queries are listing-repo's.
export { clearEbayItemFields, saveEbayItemFields } from './listing-repo';
