import type { ComponentType, SVGProps } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/config/paths';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { BoxIcon, CameraIcon, SparklesIcon, StoreIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useItemList } from '../../entities/items/use-item-list';
import { cn } from '../../lib/cn';
import { BatchTile } from './batch-tile';

interface Action {
  label: string;
  detail: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: string;
}

const actions: Action[] = [
  { label: 'Create New Product Batch', detail: 'Photograph or upload a product', to: paths.capture, Icon: CameraIcon, tone: 'from-indigo-600 to-indigo-500' },
  { label: 'Generate Listings', detail: 'Let AI write titles, prices and details', to: paths.listings, Icon: SparklesIcon, tone: 'from-purple-600 to-fuchsia-500' },
  { label: 'Publish to eBay', detail: 'Check readiness and go live', to: paths.ebay, Icon: StoreIcon, tone: 'from-emerald-600 to-teal-500' },
];

export function DashboardView() {
  const navigate = useNavigate();
  const batches = useItemList('batches');
  const items = batches.items;

  return (
    <div className="flex flex-col gap-8">
      <section aria-label="Actions" className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {actions.map(({ label, detail, to, Icon, tone }) => (
          <button
            key={label}
            type="button"
            onClick={() => void navigate(to)}
            className={cn(
              'group flex items-center gap-4 rounded-2xl bg-gradient-to-br p-5 text-left text-white shadow-md transition hover:shadow-lg',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:min-h-36 sm:flex-col sm:items-start sm:justify-between',
              tone,
            )}
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/20">
              <Icon className="size-7" />
            </span>
            <span>
              <span className="block text-lg font-semibold leading-tight">{label}</span>
              <span className="mt-1 block text-sm text-white/80">{detail}</span>
            </span>
          </button>
        ))}
      </section>

      <section aria-labelledby="batches-heading">
        <div className="mb-3 flex items-baseline gap-2">
          <h2 id="batches-heading" className="text-lg font-semibold text-slate-900">
            Product Batches
          </h2>
          <span className="text-sm text-slate-500">
            ({items.length}
            {batches.hasNextPage ? '+' : ''})
          </span>
        </div>
        {batches.isError && <Alert tone="error">Failed to load products</Alert>}
        {batches.isPending ? (
          <div className="flex justify-center py-12 text-indigo-600">
            <Spinner className="size-6" label="Loading product batches" />
          </div>
        ) : items.length === 0 && !batches.isError ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
              <BoxIcon className="size-7" />
            </span>
            <p className="text-base font-semibold text-slate-800">No product batches yet</p>
            <p className="max-w-sm text-sm text-slate-500">Tap Create New Product Batch to photograph your first product.</p>
          </Card>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {items.map((item) => (
              <BatchTile key={item.id} item={item} />
            ))}
          </ul>
        )}
        {batches.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button variant="secondary" loading={batches.isFetchingNextPage} onClick={() => void batches.fetchNextPage()}>
              Show more batches
            </Button>
          </div>
        )}
      </section>

      <Card className="bg-slate-50 p-5 text-sm text-slate-600">
        <h3 className="font-semibold text-slate-800">How batches work</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>SKUs are auto-assigned as PSTFSH-001, 002 and so on.</li>
          <li>The first photo is the thumbnail.</li>
          <li>Photos can be reordered by dragging and deleted individually.</li>
          <li>The SKU can be edited.</li>
        </ul>
      </Card>
    </div>
  );
}
