/**
 * The assisted marketplaces' web parts (decision 051). Other features open the hand-over with
 * `AssistedHandover` ({ itemId, channel, open, onClose }), loaded on first open (the zip library with it).
 */
export { LazyAssistedHandover as AssistedHandover } from './lazy-assisted-handover';
export type { AssistedHandoverProps } from './assisted-handover';
export { AssistedChannelsSection } from './assisted-channels-section';
export { OtherMarketplaces } from './other-marketplaces';
