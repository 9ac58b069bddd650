import { useChannelConnectionList } from '../../entities/channels/use-channel-connections';
import { OtherMarketplaces } from './assisted/other-marketplaces';
import { webChannels } from './registry';

/**
 * The channels' part under a listing: what each connected channel asks of the item (Etsy: when it was made), and the
 * assisted marketplaces' hand-overs.
 */
export function ItemChannels({ itemId }: { itemId: string }) {
  const connections = useChannelConnectionList().data?.channels ?? [];
  const connected = (name: string) => connections.some((entry) => entry.channel === name && entry.status === 'connected');
  return (
    <div className="flex flex-col gap-4">
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
