import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney } from '@shared/domain/money';
import type { Bundle } from '@shared/contracts/bundles';
import { Button } from '@/components/button';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { typedAmount } from '@/lib/forms/money-schema';
import { cn } from '@/lib/cn';
import { openBundle, useAddToBundle, useBundle, useCreateBundle } from './use-bundles';
import { tell } from '@/lib/told';

export const bundleMessages = {
  total: 'Type what the whole bundle cost',
  failed: 'Could not save the bundle. Try again.',
  splitEqual: 'Equally',
  splitExpected: 'By expected price',
} as const;

const splitWords = { equal: 'split equally', 'expected-price': 'split by expected price' } as const;

/**
 * "Bundle": this item was bought with others for one price. The first item starts a bundle (its total and split
 * rule); the next items of the capture session join it in one tap. Each member's share is its cost, shown here.
 */
export function ItemBundlePanel({
  itemId,
  sku,
  currency,
  bundleId,
  onJoined,
  className,
}: {
  itemId: string;
  sku: string;
  currency: string;
  bundleId: string | null;
  onJoined?: () => void;
  className?: string;
}) {
  const [memberOf, setJoined] = useState(bundleId);
  const setMemberOf = (id: string) => {
    setJoined(id);
    onJoined?.();
  };
  const [creating, setCreating] = useState(false);
  const sessionBundle = memberOf ?? openBundle.get();
  const shown = useBundle(sessionBundle);
  const add = useAddToBundle();

  if (memberOf && shown.data) return <BundleShares bundle={shown.data} itemId={itemId} className={className} />;
  return (
    <div className={cn('min-w-0', className)} data-testid="item-bundle">
      <p className="text-sm font-medium text-slate-800">
        Bundle <span className="font-normal text-slate-500">(bought with others for one price)</span>
      </p>
      {creating ? (
        <NewBundleForm
          itemId={itemId}
          currency={currency}
          onCreated={(created) => {
            openBundle.set(created.id);
            setMemberOf(created.id);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        <div className="mt-1.5 flex flex-wrap gap-2">
          {shown.data && shown.data.cost.currency === currency && (
            <Button
              size="sm"
              variant="secondary"
              loading={add.isPending}
              aria-label={`Add ${sku} to the open bundle of ${formatMoney(shown.data.cost)}`}
              onClick={() => tell(add, { bundleId: shown.data.id, itemIds: [itemId] }, { onSuccess: (saved) => setMemberOf(saved.id) })}
            >
              Add to bundle · {formatMoney(shown.data.cost)} · {shown.data.items.length} item{shown.data.items.length === 1 ? '' : 's'}
            </Button>
          )}
          <Button size="sm" variant="ghost" className="ring-1 ring-slate-300 ring-inset" onClick={() => setCreating(true)}>
            New bundle…
          </Button>
        </div>
      )}
      <SaveFailed error={add.error} className="mt-1" />
    </div>
  );
}

function NewBundleForm({
  itemId,
  currency,
  onCreated,
  onCancel,
}: {
  itemId: string;
  currency: string;
  onCreated: (bundle: Bundle) => void;
  onCancel: () => void;
}) {
  const create = useCreateBundle();
  const schema = z.object({ total: typedAmount(currency, { required: bundleMessages.total }), split: z.enum(['equal', 'expected-price']) });
  const { control, register, handleSubmit } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { total: '', split: 'expected-price' as const },
  });
  return (
    <form
      className="mt-2 space-y-3 rounded-xl bg-white p-3 ring-1 ring-slate-200"
      aria-label="New bundle"
      onSubmit={(event) =>
        void handleSubmit(({ total, split }) =>
          tell(create, { cost: total, split, source: null, itemIds: [itemId] }, { onSuccess: onCreated }),
        )(event)
      }
    >
      <MoneyFormField control={control} name="total" label="What the whole bundle cost" currency={currency} fieldClassName="max-w-40" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Split the cost</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          <label className="flex min-h-9 items-center gap-2">
            <input type="radio" value="expected-price" {...register('split')} /> {bundleMessages.splitExpected}
          </label>
          <label className="flex min-h-9 items-center gap-2">
            <input type="radio" value="equal" {...register('split')} /> {bundleMessages.splitEqual}
          </label>
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button size="sm" type="submit" loading={create.isPending}>
          Start bundle
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <SaveFailed error={create.error} />
    </form>
  );
}

/** Why the bundle could not be saved: the server's words, or ours when it gave none. */
function SaveFailed({ error, className }: { error: Error | null; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={cn(className, 'text-sm text-red-700')}>
      {error.message || bundleMessages.failed}
    </p>
  );
}

/** The bundle this item is in: its total, its rule and each member's share (this item's first). */
function BundleShares({ bundle, itemId, className }: { bundle: Bundle; itemId: string; className?: string }) {
  const own = bundle.items.find((member) => member.itemId === itemId);
  return (
    <div className={cn('min-w-0 rounded-xl bg-white p-3 ring-1 ring-slate-200', className)} data-testid="item-bundle">
      <p className="text-sm text-slate-800">
        In a bundle of <span className="font-semibold tabular-nums">{formatMoney(bundle.cost)}</span>, {splitWords[bundle.split]}
        {own && (
          <>
            {' '}
            · this item&rsquo;s cost{' '}
            <span className="font-semibold tabular-nums" data-testid="own-share">
              {formatMoney(own.share)}
            </span>
          </>
        )}
      </p>
      <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Each item's share">
        {bundle.items.map((member, i) => (
          <li
            key={member.itemId}
            data-testid="bundle-share"
            className={cn(
              'rounded-md px-2 py-0.5 text-xs tabular-nums',
              member.itemId === itemId ? 'bg-indigo-100 text-indigo-900' : 'bg-slate-100 text-slate-700',
            )}
          >
            {i + 1}: {formatMoney(member.share)}
          </li>
        ))}
      </ul>
    </div>
  );
}
