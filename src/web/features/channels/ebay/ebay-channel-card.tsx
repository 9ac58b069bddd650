import { Link } from 'react-router';
import { ebayWebPaths } from '@shared/contracts/ebay-web-paths';
import { Spinner } from '@/components/spinner';
import { ChannelSection } from '@/entities/channels/channel-section';
import { useEbayConnection } from '@/entities/channels/use-ebay-connection';

/** eBay's row: its account lives on the eBay screen (connection, policies, location). */
export function EbayChannelCard() {
  const connection = useEbayConnection();
  const status = connection.data?.connection?.status;
  return (
    <ChannelSection
      channel="ebay"
      iconClassName="text-indigo-600"
      status={
        connection.isPending ? (
          <Spinner className="size-4" />
        ) : status === 'connected' ? (
          'Connected: listed, revised and ended by the app.'
        ) : status === 'expired' ? (
          'Connection expired: reconnect on the eBay screen.'
        ) : (
          'Not connected.'
        )
      }
      action={
        <Link
          to={ebayWebPaths.screen}
          className="inline-flex h-11 shrink-0 items-center rounded-xl px-4 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Open eBay screen
        </Link>
      }
    />
  );
}
