import { OtherMarketplaces } from '../features/channels/assisted/other-marketplaces';

/** The channels feature's part under a listing (features never import each other): the assisted hand-overs. */
export const itemChannelActions = (props: { itemId: string }) => <OtherMarketplaces {...props} />;
