import { ItemChannels } from '../features/channels/item-channels';

/** The channels feature's part under a listing (features never import each other): Etsy's questions, the assisted hand-overs. */
export const itemChannelActions = (props: { itemId: string }) => <ItemChannels {...props} />;
