import { Link } from 'react-router';
import { webPaths } from '@shared/contracts/web-paths';
import { channelNames } from '@shared/domain/channel-listing';
import { StoreIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useEbayConnection } from '@/entities/channels/use-ebay-connection';

/** eBay's row: its account lives on the eBay screen (connection, policies, location). */
export function EbayChannelCard() {
  const connection = useEbayConnection();
  const status = connection.data?.connection?.status;
  return (
    <section aria-labelledby="channel-ebay" className="flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <StoreIcon className="size-6 shrink-0 text-indigo-600" />
      <div className="min-w-0 flex-1">
        <h2 id="channel-ebay" className="text-base font-semibold text-slate-900">
          {channelNames.ebay}
        </h2>
        <p className="text-sm text-slate-600">
          {connection.isPending ? (
            <Spinner className="size-4" />
          ) : status === 'connected' ? (
            'Connected: listed, revised and ended by the app.'
          ) : status === 'expired' ? (
            'Connection expired: reconnect on the eBay screen.'
          ) : (
            'Not connected.'
          )}
        </p>
      </div>
      <Link
        to={webPaths.ebay}
        className="inline-flex h-11 shrink-0 items-center rounded-xl px-4 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Open eBay screen
      </Link>
    </section>
  );
}
