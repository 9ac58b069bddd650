export { PriceListOffer } from './price-list-offer';
export { PriceListView } from './price-list-view';
