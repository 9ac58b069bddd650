import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { money } from '@shared/domain/money';
import { moneyInputMessages } from '@shared/domain/money-input';
import { channelListingsApi, type RecordSaleBody } from '@shared/contracts/channels';
import type { ListedItem } from '@shared/contracts/items';
import { channelNames, type AssistedChannel } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Sheet, SheetHeader } from '@/components/sheet';
import { useToast } from '@/components/toast';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { ApiError } from '@/lib/api-client';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { callRoute } from '@/lib/route-client';
import { typedAmount } from '@/lib/forms/money-schema';

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

/**
 * The sale as typed, read in the item's currency (whole cents, never rounded): the price and the fees are asked
 * for, never assumed; shipping left empty is none.
 */
function recordSaleFields(currency: string) {
  return z.object({
    price: typedAmount(currency, { required: recordSaleWords.badPrice }),
    shipping: typedAmount(currency).transform((typed) => typed ?? money(0, currency)),
    fees: typedAmount(currency, { required: recordSaleWords.badPrice }),
    soldAt: z.string(),
  });
}

const amountFields = ['price', 'shipping', 'fees'] as const;

/** The form's one message: a fraction of a cent is said as it is, anything else not an amount as an example. */
const saidOnce = (message: string | undefined) =>
  message === undefined ? null : message === moneyInputMessages.notAmount ? recordSaleWords.badPrice : message;

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
  const name = channelNames[channel];
  // The sale is counted in the item's currency: the amounts are typed and sent in it (decision 081).
  const currency = item.currency;
  const record = useMutation({
    mutationFn: (body: RecordSaleBody) => callRoute(channelListingsApi.recordSale, { params: { id: item.id, channel }, body }),
    onSuccess: () => {
      notify('success', recordSaleWords.saved(name));
      void invalidateItemQueries(queryClient);
      onOpenChange(false);
    },
  });

  const { control, register, handleSubmit, formState } = useForm({
    resolver: zodResolver(recordSaleFields(currency)),
    defaultValues: { price: '', shipping: '', fees: '', soldAt: today() },
  });
  const { errors } = formState;
  const problem = saidOnce(errors.price?.message ?? errors.shipping?.message ?? errors.fees?.message);
  const submit = handleSubmit((body) => record.mutate(body));

  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined}>
      <SheetHeader title={recordSaleWords.title} description={`${item.sku} on ${name}`} />
      <form
        className="flex flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6"
        noValidate
        onSubmit={(event) => void submit(event)}
        data-testid="record-sale"
      >
        {amountFields.map((field) => (
          <MoneyFormField
            key={field}
            control={control}
            name={field}
            problemSaid="form"
            id={`${ids}-${field}`}
            label={recordSaleWords[field]}
            labelClassName={labelClass}
            currency={currency}
            hint={field === 'fees' ? recordSaleWords.feesHint : undefined}
          />
        ))}
        <label htmlFor={`${ids}-date`} className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
          {recordSaleWords.date}
          <input
            id={`${ids}-date`}
            type="date"
            min="2000-01-01"
            max={today()}
            {...register('soldAt')}
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
