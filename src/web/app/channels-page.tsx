import { AutopilotSettingsRow } from '../features/autopilot';
import { ChannelsView } from '../features/channels/channels-view';
import { PhoneNotifications } from '../features/push/phone-notifications';

/** The Marketplaces screen with the autopilot's "Publish when ready" row: where it publishes is set here. */
export function ChannelsPage() {
  return <ChannelsView autopilot={<AutopilotSettingsRow />} notifications={<PhoneNotifications />} />;
}
