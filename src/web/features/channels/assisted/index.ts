/** The assisted marketplaces' web parts (decision 051): the hand-over sheet other features open, and their screens' parts. */
export { AssistedHandover, type AssistedHandoverProps } from './assisted-handover';
export { AssistedChannelsSection } from './assisted-channels-section';
export { OtherMarketplaces } from './other-marketplaces';
