import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { CheckIcon, SparklesIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { DaysToSaleLines } from '@/entities/days-to-sale/days-to-sale-lines';
import { ItemAmountField } from '@/entities/items/item-amount-field';
import { ItemBundlePanel } from '../bundle/item-bundle-panel';
import { ItemSourceChips } from '../bundle/item-source-chips';
import type { CameraBatch } from './use-camera-batch-upload';
import { ProgressBar } from '@/components/progress-bar';

type Uploading = Extract<CameraBatch, { status: 'uploading' }>;
type Created = Extract<CameraBatch, { status: 'created' }>;

/** "Creating Product Batch": the assigned SKU and a photo counter. */
export function BatchProgressCard({ batch }: { batch: Uploading }) {
  return (
    <Card className="p-5" data-testid="batch-progress" aria-live="polite">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-100 text-indigo-600">
          <Spinner className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">Creating Product Batch</h2>
          <p className="text-sm text-slate-500">
            {batch.sku ? (
              <>
                SKU{' '}
                <span className="font-mono font-semibold text-slate-800" data-testid="batch-sku">
                  {batch.sku}
                </span>
              </>
            ) : (
              'Assigning SKU...'
            )}
          </p>
        </div>
      </div>
      <ProgressBar
        label="Upload progress"
        percent={batch.percent}
        shown={Math.max(3, batch.percent)}
        fill="bg-indigo-600"
        className="mt-4"
      />
      <div className="mt-2 flex justify-between text-sm text-slate-600">
        <p data-testid="photo-counter" className="tabular-nums">
          {batch.done} of {batch.total} photos uploaded
        </p>
        <p className="tabular-nums">{batch.percent}%</p>
      </div>
    </Card>
  );
}

/** "Product Batch Created!" with Add Another and View Dashboard. */
export function BatchCreatedCard({
  batch,
  onAddAnother,
  onViewDashboard,
}: {
  batch: Created;
  onAddAnother: () => void;
  onViewDashboard: () => void;
}) {
  const { item, skipped } = batch;
  // A bundle's member takes its cost from the bundle's split: its own cost field goes once it joins one.
  const [inBundle, setInBundle] = useState(item.bundleId !== null);
  return (
    <section className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 shadow-sm" data-testid="batch-created" aria-live="polite">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white">
          <CheckIcon className="size-6" strokeWidth={2.5} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-emerald-900">Product Batch Created!</h2>
          <p className="mt-0.5 text-sm text-emerald-900/80">
            <span className="font-mono font-semibold" data-testid="created-sku">
              {item.sku}
            </span>{' '}
            · Batch #{item.batchNumber} · {item.photoCount} photo
            {item.photoCount === 1 ? '' : 's'}
          </p>
          {batch.autoGenerate && (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-purple-800">
              <SparklesIcon className="size-4 shrink-0" /> Its listing is being generated in the background.
            </p>
          )}
          {skipped.length > 0 && (
            <p className="mt-2 text-sm text-amber-800">
              {skipped.length} photo{skipped.length === 1 ? ' was' : 's were'} skipped: {skipped.map((r) => r.message).join('; ')}
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 space-y-4 sm:ml-14">
        {!inBundle && <ItemAmountField amount="cost" itemId={item.id} sku={item.sku} saved={item.cost} currency={item.currency} />}
        <ItemSourceChips itemId={item.id} source={item.source} />
        {/* Its predicted days to sale per marketplace, from the seller's listings like it (decision 152). */}
        <DaysToSaleLines
          itemId={item.id}
          facts={{ category: item.category, brand: item.brand ?? item.extractedBrand }}
          className="rounded-xl bg-white/70 p-3"
        />
        <ItemBundlePanel
          itemId={item.id}
          sku={item.sku}
          currency={item.currency}
          bundleId={item.bundleId}
          onJoined={() => setInBundle(true)}
        />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:justify-end">
        <Button variant="secondary" onClick={onViewDashboard} className="whitespace-nowrap">
          View Dashboard
        </Button>
        <Button variant="success" onClick={onAddAnother} className="whitespace-nowrap">
          Add Another
        </Button>
      </div>
    </section>
  );
}

/** The upload-failed box; the photos are kept, so Try Again sends the same batch. */
export function UploadFailedBox({ message, onRetry, onDismiss }: { message: string; onRetry: () => void; onDismiss: () => void }) {
  return (
    <Alert
      tone="error"
      title="Upload failed"
      action={
        <div className="flex shrink-0 flex-col gap-1.5 sm:flex-row">
          <Button size="sm" variant="danger" onClick={onRetry}>
            Try Again
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      }
    >
      {message}
    </Alert>
  );
}
