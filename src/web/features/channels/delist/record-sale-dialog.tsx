import type { Money } from '@shared/domain/money';
import { moneyInputMessages, readMoneyInput, type MoneyInput as TypedMoney } from '@shared/domain/money-input';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { channelsPaths, recordSaleResponse, type RecordSaleBody } from '@shared/contracts/channels';
import type { ListedItem } from '@shared/contracts/items';
import { assistedChannels, channelNames, type AssistedChannel } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { MoneyField } from '@/components/money-field';
import { Sheet, SheetHeader } from '@/components/sheet';
import { useToast } from '@/components/toast';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { ApiError, parsedRequest } from '@/lib/api-client';

export const recordSaleWords = {
  button: (name: string) => `Sold on ${name}`,
  title: 'Record a sale',
  price: 'Price the buyer paid',
  shipping: 'Shipping the buyer paid',
  fees: 'Fees the marketplace took',
  feesHint: 'From the sale on the marketplace; 0 if none.',
  date: 'Date of the sale',
  badPrice: 'Type the price and the fees, for example 24.50 (fees 0 if none).',
  save: (name: string) => `Record sale on ${name}`,
  saved: (name: string) => `Sale on ${name} recorded: the item's other listings are being taken down.`,
  failed: 'The sale could not be recorded. Please try again.',
} as const;

const today = () => new Date().toLocaleDateString('en-CA');
const labelClass = 'text-sm font-semibold text-slate-800';
/** The typed amount in the item's currency, exact (whole cents, never rounded); null when it is none or not an amount. */
const typedMoney = (text: string, currency: string): Money | null => {
  const typed = readMoneyInput(text, currency);
  return typed.ok ? typed.value : null;
};
/** What is wrong with the typed amounts, in the seller's words: a fraction of a cent is said as it is. */
function amountsProblem(...typed: TypedMoney[]): string | null {
  const wrong = typed.find((t) => !t.ok || t.value === null);
  if (!wrong) return null;
  return !wrong.ok && wrong.message !== moneyInputMessages.notAmount ? wrong.message : recordSaleWords.badPrice;
}

/** The assisted channels an item is live on: where the seller may have sold it by hand. */
export const liveAssistedChannels = (item: Pick<ListedItem, 'listings'>): AssistedChannel[] =>
  assistedChannels.filter((channel) => item.listings.some((l) => l.channel === channel && l.status === 'live' && !l.delistTask));

/**
 * "Sold on Depop": the seller records a sale made on an assisted marketplace (price, shipping, fees, date), so
 * profit counts it; the item's listings elsewhere end, or become delist tasks.
 */
export function RecordSaleDialog({
  item,
  channel,
  open,
  onOpenChange,
}: {
  item: Pick<ListedItem, 'id' | 'sku' | 'currency'>;
  channel: AssistedChannel;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [price, setPrice] = useState('');
  const [shipping, setShipping] = useState('');
  const [fees, setFees] = useState('');
  const [date, setDate] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const invalid = problem !== null;
  const name = channelNames[channel];
  // The sale is counted in the item's currency: the amounts are typed and sent in it (decision 081).
  const currency = item.currency;
  const record = useMutation({
    mutationFn: (body: RecordSaleBody) => parsedRequest(recordSaleResponse, channelsPaths.sale(item.id, channel), { method: 'POST', body }),
    onSuccess: () => {
      notify('success', recordSaleWords.saved(name));
      void invalidateItemQueries(queryClient);
      onOpenChange(false);
    },
  });

  function submit() {
    const amount = readMoneyInput(price, currency);
    const shipped = readMoneyInput(shipping.trim() || '0', currency);
    const taken = readMoneyInput(fees, currency);
    const wrong = amountsProblem(amount, shipped, taken);
    setProblem(wrong);
    if (wrong || !amount.ok || !shipped.ok || !taken.ok) return;
    record.mutate({ price: amount.value!, shipping: shipped.value!, fees: taken.value!, soldAt: date });
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined}>
      <SheetHeader title={recordSaleWords.title} description={`${item.sku} on ${name}`} />
      <form
        className="flex flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="record-sale"
      >
        <MoneyField
          id={`${ids}-price`}
          label={recordSaleWords.price}
          labelClassName={labelClass}
          currency={currency}
          value={price}
          onChange={(text) => setPrice(text)}
          invalid={invalid && typedMoney(price, currency) === null}
        />
        <MoneyField
          id={`${ids}-shipping`}
          label={recordSaleWords.shipping}
          labelClassName={labelClass}
          currency={currency}
          value={shipping}
          onChange={(text) => setShipping(text)}
        />
        <MoneyField
          id={`${ids}-fees`}
          label={recordSaleWords.fees}
          labelClassName={labelClass}
          currency={currency}
          value={fees}
          onChange={(text) => setFees(text)}
          invalid={invalid && typedMoney(fees, currency) === null}
          hint={recordSaleWords.feesHint}
        />
        <label htmlFor={`${ids}-date`} className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
          {recordSaleWords.date}
          <input
            id={`${ids}-date`}
            type="date"
            value={date}
            min="2000-01-01"
            max={today()}
            onChange={(e) => setDate(e.target.value)}
            className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm"
          />
        </label>
        {problem && <Alert tone="error">{problem}</Alert>}
        {record.isError && (
          <Alert tone="error">
            {record.error instanceof ApiError && record.error.status !== 500 ? record.error.message : recordSaleWords.failed}
          </Alert>
        )}
        <Button type="submit" loading={record.isPending}>
          {recordSaleWords.save(name)}
        </Button>
      </form>
    </Sheet>
  );
}
