import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { salesCheckResponse, salesPathOf } from '@shared/contracts/sales';
import { screenPathOf } from '@shared/contracts/marketplace-registry';
import { channelLabel, salesCheckMessages } from '@shared/domain/sales';
import { webPaths } from '@shared/contracts/web-paths';
import { Button } from '@/components/button';
import { useToast } from '@/components/toast';
import { ApiError, parsedRequest } from '@/lib/api-client';
import { invalidateItemQueries } from '../items/query-keys';
import { invalidateChannelConnections, useChannelConnectionList } from './use-channel-connections';

/**
 * "Check for sales": pulls the seller's sales now on every connected marketplace with an API (the
 * server also does every few minutes) and says what it found. Shown once one is connected; a connection made before
 * its sales could be read (eBay's of before) asks to reconnect on the marketplace's screen instead (the others are
 * still checked).
 */
export function CheckSalesButton({ className }: { className?: string }) {
  const connections = useChannelConnectionList().data?.channels ?? [];
  const queryClient = useQueryClient();
  const notify = useToast();
  const checked = connections.filter((entry) => entry.salesReadable).map((entry) => entry.channel);
  const unreadable = connections.filter((entry) => entry.status === 'connected' && !entry.salesReadable).map((entry) => entry.channel);
  const check = useMutation({
    mutationFn: async () => {
      const answers = await Promise.allSettled(
        checked.map((channel) => parsedRequest(salesCheckResponse, salesPathOf(channel), { method: 'POST' })),
      );
      const newSales = answers.reduce((sum, answer) => sum + (answer.status === 'fulfilled' ? answer.value.newSales : 0), 0);
      const failure = answers.find((answer): answer is PromiseRejectedResult => answer.status === 'rejected');
      return { newSales, failure: failure?.reason as unknown };
    },
    onSuccess: ({ newSales, failure }) => {
      if (failure) notify('error', failure instanceof ApiError && failure.status !== 500 ? failure.message : salesCheckMessages.failed);
      if (newSales || !failure) notify('success', newSales ? salesCheckMessages.found(newSales) : salesCheckMessages.none);
      void invalidateItemQueries(queryClient);
      // A check can find a connection the marketplace no longer accepts: it is then said beside the button.
      if (failure) void invalidateChannelConnections(queryClient);
    },
    onError: () => notify('error', salesCheckMessages.failed),
  });
  // A connection the marketplace refused (its refresh refused): not checked, and said so until it is made again.
  const expired = connections.filter((entry) => entry.status === 'expired').map((entry) => entry.channel);
  const reconnect = unreadable.map((channel) => (
    <Link
      key={channel}
      to={screenPathOf(channel)}
      className={`text-sm font-medium text-amber-800 underline ${className ?? ''}`}
      data-testid="sales-reconnect"
    >
      {salesCheckMessages.unreadable(channelLabel(channel))}
    </Link>
  ));
  const reconnectExpired = expired.map((channel) => (
    <Link
      key={channel}
      to={webPaths.channels}
      className={`text-sm font-medium text-amber-800 underline ${className ?? ''}`}
      data-testid="sales-reconnect-expired"
    >
      {salesCheckMessages.reconnect(channelLabel(channel))}
    </Link>
  ));
  if (!checked.length)
    return unreadable.length || expired.length ? (
      <>
        {reconnect}
        {reconnectExpired}
      </>
    ) : null;
  return (
    <>
      {reconnect}
      {reconnectExpired}
      <Button variant="secondary" size="sm" className={className} loading={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? salesCheckMessages.checking : 'Check for sales'}
      </Button>
    </>
  );
}
