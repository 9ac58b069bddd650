// eBay's category and grade for an item are its eBay listing's (DESIGN §10): the door other features write them
// through (the listings feature, when the AI suggests them or a listing is deleted). The queries are listing-repo's.
export { clearEbayItemFields, saveEbayItemFields } from './listing-repo';
