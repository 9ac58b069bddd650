import { useMemo, useState } from 'react';
import type { ListedItem } from '@shared/contracts/items';
import type { AssistedChannel } from '@shared/domain/channel-listing';
import { AutopilotBatchSheet, AutopilotCardStatus, AutopilotPanel } from '../features/autopilot';
import { AssistedHandover } from '../features/channels/assisted';
import { DelistTasksPanel } from '../features/channels/delist/delist-tasks-panel';
import { DropTasksPanel } from '../features/channels/delist/drop-tasks-panel';
import { DoubleSalesBanner } from '../features/channels/sale-ends/double-sales-banner';
import { SaleAlerts } from '../features/channels/sale-ends/sale-alerts';
import { PriceListOffer } from '../features/price-list';
import { RecordSaleDialog } from '../features/channels/delist/record-sale-dialog';
import { ChannelPicker } from '../features/channels/picker/channel-picker';
import { channelDashboardActions, channelReviewAnswers, simulatedSaleOffers } from '../features/channels/registry';
import { DashboardView, type AutopilotPickerSlot, type ChannelPickerSlot } from '../features/dashboard/dashboard-view';
import type { CardStatusSlot } from '../features/dashboard/product-card-slots';
import { useUploadQueue } from '../features/upload/queue/upload-queue-provider';
import type { ProductCardSlots, RecordSaleSlot } from '../features/dashboard/product-card';
import { ItemProfitButton } from '../features/sales/item-profit-button';
import { ItemPlanRuleButton } from '../features/selling-plan/item-plan-rule';
import { photoAdder, photoManager } from './photo-slots';

/**
 * The dashboard with the photos feature's Manage Photos and Add photos in its product cards, and the channels
 * feature's picker, delist tasks and "Sold on ...", and the autopilot's panel and "Publish when ready" sheet.
 */
export function DashboardPage() {
  // The autopilot announces a run's end once this device has sent every product of it.
  const uploads = useUploadQueue();
  // A card's "Ready to list on Depop" opens the assisted hand-over sheet (features/channels/assisted).
  const [handover, setHandover] = useState<{ itemId: string; channel: AssistedChannel } | null>(null);
  // One object for every card (the cards are memoised).
  const cardSlots = useMemo<ProductCardSlots>(
    () => ({ ...otherCardSlots, onOpenHandover: (itemId, channel) => setHandover({ itemId, channel }) }),
    [],
  );
  return (
    <>
      <DashboardView
        cardSlots={cardSlots}
        channelPicker={channelPicker}
        channelActions={channelDashboardActions}
        delistTasks={
          <>
            <PriceListOffer />
            <DoubleSalesBanner />
            <DelistTasksPanel />
            <DropTasksPanel />
          </>
        }
        autopilot={<AutopilotPanel uploading={uploads.busy} answers={channelReviewAnswers} />}
        autopilotPicker={autopilotPicker}
      />
      {handover && <AssistedHandover itemId={handover.itemId} channel={handover.channel} open onClose={() => setHandover(null)} />}
    </>
  );
}

// The item's cost and profit, and its own drops and relists while it is live (decision 108).
const itemProfit = (item: ListedItem) => (
  <div className="flex flex-wrap items-center gap-x-3">
    <ItemProfitButton item={item} />
    <ItemPlanRuleButton item={item} />
  </div>
);
const saleAlerts = (item: ListedItem) => <SaleAlerts item={item} />;
const channelPicker: ChannelPickerSlot = (props) => <ChannelPicker {...props} />;
const recordSale: RecordSaleSlot = ({ item, channel, open, onOpenChange }) => (
  <RecordSaleDialog item={item} channel={channel} open={open} onOpenChange={onOpenChange} />
);
const autopilotPicker: AutopilotPickerSlot = (props) => <AutopilotBatchSheet {...props} />;
// An item the autopilot holds in its review queue says so, not "Ready" (the autopilot's own run query).
const cardStatus: CardStatusSlot = ({ item, status }) => <AutopilotCardStatus item={item} status={status} />;
// Every card's parts from other features but the hand-over, which opens this page's sheet.
const otherCardSlots: ProductCardSlots = {
  photoManager,
  photoAdder,
  itemProfit,
  saleAlerts,
  recordSale,
  simulatedSales: simulatedSaleOffers,
  cardStatus,
};
