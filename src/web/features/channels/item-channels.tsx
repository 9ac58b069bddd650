import { useChannelConnectionList } from '../../entities/channels/use-channel-connections';
import { useItemDetail } from '../../entities/items/use-item-detail';
import { OtherMarketplaces } from './assisted/other-marketplaces';
import { ItemChannelPrices } from './item-channel-prices';
import { SaleAlerts } from './sale-ends/sale-alerts';
import { webChannels } from './registry';

/**
 * The channels' part under a listing: the price each marketplace gets, what each connected channel asks of the item
 * (Etsy: when it was made), and the assisted marketplaces' hand-overs.
 */
export function ItemChannels({ itemId }: { itemId: string }) {
  const connections = useChannelConnectionList().data?.channels ?? [];
  const connected = (name: string) => connections.some((entry) => entry.channel === name && entry.status === 'connected');
  const item = useItemDetail(itemId).data;
  return (
    <div className="flex flex-col gap-4">
      {item && <SaleAlerts item={item} />}
      {item && <ItemChannelPrices listings={item.listings} />}
      {webChannels.map(
        ({ name, label, ItemSection }) =>
          ItemSection &&
          connected(name) && (
            <div key={name} className="flex flex-col gap-2">
              <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</h4>
              <ItemSection itemId={itemId} />
            </div>
          ),
      )}
      <OtherMarketplaces itemId={itemId} />
    </div>
  );
}
