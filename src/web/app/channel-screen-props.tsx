import type { ComponentType } from 'react';
import type { ChannelScreenProps } from '../features/channels/web-channel';
import { EditListingForm } from '../features/listings/edit-listing-form';

/** What the app composes into a channel's signed-in screens: the listings feature's edit form (features do not import each other). */
const composed: ChannelScreenProps = {
  renderEditDetails: (item, onDone) => <EditListingForm item={item} onDone={onDone} />,
};

/** A channel's screen with the app's composition handed in (loaded with the screen's chunk, never before). */
export function composedChannelScreen(Screen: ComponentType<ChannelScreenProps>): ComponentType {
  return function ComposedChannelScreen() {
    return <Screen {...composed} />;
  };
}
