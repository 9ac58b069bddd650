import { useChannelConnection } from '@/entities/channels/use-channel-connection';
import { useItemDetail } from '@/entities/items/use-item-detail';
import { OtherMarketplaces } from './assisted/other-marketplaces';
import { ItemChannelPrices } from './item-channel-prices';
import { SaleAlerts } from './sale-ends/sale-alerts';
import { webChannels } from './registry';
import type { WebChannel } from './web-channel';

/** What one channel asks of the item, shown once the seller is connected there (the one connection hook). */
function ItemChannelSection({ channel, itemId }: { channel: WebChannel; itemId: string }) {
  const { status } = useChannelConnection(channel.name);
  const { ItemSection } = channel;
  if (!ItemSection || status?.status !== 'connected') return null;
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{channel.label}</h4>
      <ItemSection itemId={itemId} />
    </div>
  );
}

/**
 * The channels' part under a listing: the price each marketplace gets, what each connected channel asks of the item
 * (Etsy: when it was made), and the assisted marketplaces' hand-overs.
 */
export function ItemChannels({ itemId }: { itemId: string }) {
  const item = useItemDetail(itemId).data;
  return (
    <div className="flex flex-col gap-4">
      {item && <SaleAlerts item={item} />}
      {item && <ItemChannelPrices listings={item.listings} />}
      {webChannels.map((channel) => (
        <ItemChannelSection key={channel.name} channel={channel} itemId={itemId} />
      ))}
      <OtherMarketplaces itemId={itemId} />
    </div>
  );
}
