import { Card } from '@/components/card';
import { InfoIcon, SparklesIcon } from '@/components/icons';

/** The options help box. */
export function OptionsHelp() {
  return (
    <Card className="bg-slate-50 p-5 text-sm text-slate-600">
      <h2 className="flex items-center gap-2 font-semibold text-slate-800">
        <InfoIcon className="size-5 text-slate-500" /> Options
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="font-semibold text-slate-800">Take Photos</dt>
          <dd className="mt-0.5">Shoot every angle of one product with your camera. The batch becomes one product with the next SKU.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Upload Files</dt>
          <dd className="mt-0.5">Pick photos from this device and give each product a SKU. Photos with the same SKU become one product.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Dashboard</dt>
          <dd className="mt-0.5">See your product batches, edit SKUs and reorder or delete photos.</dd>
        </div>
      </dl>
    </Card>
  );
}

/** On phones and tablets: camera batches get their listing written automatically. */
export function AutoGenerateNote() {
  return (
    <p
      className="flex items-start gap-2 rounded-xl bg-purple-50 px-4 py-3 text-sm text-purple-900 ring-1 ring-inset ring-purple-200"
      data-testid="auto-generate-note"
    >
      <SparklesIcon className="mt-0.5 size-4 shrink-0" />
      <span>Listings auto-generate in the background: after a camera batch uploads, AI writes its listing while you keep shooting.</span>
    </p>
  );
}

/** The purple banner counting AI listings being generated in the background (hidden at 0). */
export function GeneratingBanner({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <div
      role="status"
      data-testid="generating-banner"
      className="flex items-center gap-3 rounded-2xl bg-gradient-to-r from-purple-600 to-fuchsia-500 px-4 py-3 text-white shadow-md"
    >
      <SparklesIcon className="size-5 shrink-0 animate-pulse" />
      <p className="text-sm font-semibold">
        {count} AI listing{count === 1 ? '' : 's'} being generated in the background
      </p>
    </div>
  );
}
