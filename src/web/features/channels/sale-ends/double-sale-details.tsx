import { useState } from 'react';
import type { DoubleSale, DoubleSaleLine } from '@shared/contracts/sale-ends';
import { saleEndsMessages } from '@shared/contracts/sale-ends';
import { channelNames } from '@shared/domain/channel-listing';
import { formatMoney } from '@shared/domain/money';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { useDoubleSale, useResolveDoubleSale } from '@/entities/channels/use-sale-ends';

export const doubleSaleWords = {
  buyer: (sale: DoubleSaleLine) => sale.buyer ?? 'Buyer not given',
  order: (sale: DoubleSaleLine) => `Order ${sale.orderName}`,
  cancelOn: (sale: DoubleSaleLine) => `Cancel on ${channelNames[sale.channel]}`,
  cancelled: 'I cancelled this one',
  confirmTitle: 'Resolve the double sale',
  confirm: 'Mark cancelled',
  resolved: (sale: DoubleSaleLine) => `Resolved: the ${channelNames[sale.channel]} order is cancelled.`,
  failed: 'Could not save that. Please try again.',
  loadFailed: 'Could not load the orders.',
} as const;

const priceOf = (sale: DoubleSaleLine) => formatMoney(sale.price);

/** The item's double sale read from the server when opened (the card knows only that it is one). */
export function DoubleSaleDetails({ itemId }: { itemId: string }) {
  const double = useDoubleSale(itemId, true);
  if (double.isError) return <p className="text-sm font-medium text-red-700">{doubleSaleWords.loadFailed}</p>;
  if (!double.data) return <Spinner className="size-5 text-red-700" label="Loading the orders" />;
  return <DoubleSaleOrders double={double.data} />;
}

/**
 * Each sale of a double sale: marketplace, buyer, order, price, a link to cancel it on its marketplace, and "I
 * cancelled this one" (asked once more) that resolves it.
 */
export function DoubleSaleOrders({ double }: { double: DoubleSale }) {
  const notify = useToast();
  const resolve = useResolveDoubleSale({
    onSuccess: (_answer, { sale }) => notify('success', doubleSaleWords.resolved(sale)),
    onError: () => notify('error', doubleSaleWords.failed),
  });
  const [asking, setAsking] = useState<DoubleSaleLine | null>(null);
  function confirm() {
    const sale = asking;
    setAsking(null);
    if (!sale) return;
    resolve.mutate({ itemId: double.itemId, sale });
  }
  return (
    <>
      <ul className="flex flex-col gap-2">
        {double.sales.map((sale) => (
          <li key={sale.saleId} className="rounded-lg bg-white p-2.5 text-slate-800 ring-1 ring-red-200" data-testid="double-sale-order">
            <p className="font-semibold">
              {channelNames[sale.channel]} · {priceOf(sale)}
            </p>
            <p className="break-words text-xs text-slate-600">
              {doubleSaleWords.buyer(sale)} · {doubleSaleWords.order(sale)}
            </p>
            <div className="mt-1.5 flex flex-wrap items-center gap-2">
              {sale.orderUrl && (
                <a
                  href={sale.orderUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="touch-hit inline-flex h-9 items-center rounded-lg px-2 text-sm font-semibold text-red-800 underline"
                >
                  {doubleSaleWords.cancelOn(sale)}
                </a>
              )}
              <Button size="sm" variant="secondary" loading={resolve.isPending} onClick={() => setAsking(sale)}>
                {doubleSaleWords.cancelled}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={doubleSaleWords.confirmTitle}
        message={asking ? saleEndsMessages.resolveQuestion(asking.channel) : ''}
        confirmLabel={doubleSaleWords.confirm}
        onConfirm={confirm}
      />
    </>
  );
}
