import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the channels feature puts beside an item's listing (the assisted marketplaces' hand-over buttons): a slot the
 * app fills (features never import each other), so a listing's details show it without knowing the channels.
 */
export type ItemChannelActions = (props: { itemId: string }) => ReactNode;

const ItemChannelActionsContext = createContext<ItemChannelActions | null>(null);

export const ItemChannelActionsProvider = ItemChannelActionsContext.Provider;

/** The channels' actions for the item, or nothing where the app gave none. */
export function ItemChannelActionsSlot({ itemId }: { itemId: string }) {
  const render = useContext(ItemChannelActionsContext);
  return render ? render({ itemId }) : null;
}
