import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { salesCheckResponse, salesPathOf } from '@shared/contracts/sales';
import { ebaySalesMessages, salesCheckMessages } from '@shared/domain/sales';
import { webPaths } from '@shared/contracts/web-paths';
import { Button } from '../../components/button';
import { useToast } from '../../components/toast';
import { ApiError, parsedRequest } from '../../lib/api-client';
import { invalidateItemQueries } from '../items/query-keys';
import { useEbayConnection } from './use-ebay-connection';

/**
 * "Check for sales" (issue 33): pulls the seller's eBay sales now (the server also does every few minutes) and says
 * what it found. Shown once eBay is connected; a connection made before sales were read asks to reconnect instead.
 */
export function CheckSalesButton({ className }: { className?: string }) {
  const connection = useEbayConnection().data?.connection;
  const queryClient = useQueryClient();
  const notify = useToast();
  const check = useMutation({
    mutationFn: () => parsedRequest(salesCheckResponse, salesPathOf('ebay'), { method: 'POST' }),
    onSuccess: ({ newSales }) => {
      notify('success', newSales ? salesCheckMessages.found(newSales) : salesCheckMessages.none);
      void invalidateItemQueries(queryClient);
    },
    onError: (err) => notify('error', err instanceof ApiError && err.status !== 500 ? err.message : salesCheckMessages.failed),
  });
  if (!connection || connection.status !== 'connected') return null;
  if (!connection.salesAccess) {
    return (
      <Link to={webPaths.ebay} className={`text-sm font-medium text-amber-800 underline ${className ?? ''}`} data-testid="sales-reconnect">
        {ebaySalesMessages.reconnect}
      </Link>
    );
  }
  return (
    <Button variant="secondary" size="sm" className={className} loading={check.isPending} onClick={() => check.mutate()}>
      {check.isPending ? salesCheckMessages.checking : 'Check for sales'}
    </Button>
  );
}
