import type { ListedItem } from '@shared/contracts/items';
import { DelistTasksPanel } from '../features/channels/delist/delist-tasks-panel';
import { RecordSaleDialog } from '../features/channels/delist/record-sale-dialog';
import { ChannelPicker } from '../features/channels/picker/channel-picker';
import { DashboardView, type ChannelPickerSlot } from '../features/dashboard/dashboard-view';
import type { RecordSaleSlot } from '../features/dashboard/product-card';
import { ItemProfitButton } from '../features/sales/item-profit-button';
import { photoAdder, photoManager } from './photo-slots';

/**
 * The dashboard with the photos feature's Manage Photos and Add photos in its product cards, and the channels
 * feature's picker, delist tasks and "Sold on ..." (issue 34).
 */
export function DashboardPage() {
  return (
    <DashboardView
      photoManager={photoManager}
      photoAdder={photoAdder}
      itemProfit={itemProfit}
      channelPicker={channelPicker}
      recordSale={recordSale}
      delistTasks={<DelistTasksPanel />}
      // The assisted handover sheet (features/channels/assisted) is wired here when it lands.
      onOpenHandover={undefined}
    />
  );
}

const itemProfit = (item: ListedItem) => <ItemProfitButton item={item} />;
const channelPicker: ChannelPickerSlot = (props) => <ChannelPicker {...props} />;
const recordSale: RecordSaleSlot = ({ item, channel, open, onOpenChange }) => (
  <RecordSaleDialog item={item} channel={channel} open={open} onOpenChange={onOpenChange} />
);
