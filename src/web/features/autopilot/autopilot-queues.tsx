import { useState, type ReactNode } from 'react';
import type { AutopilotItem } from '@shared/contracts/autopilot';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api-client';
import { useContinueAutopilotItem } from './api/continue-autopilot-item';
import { ReviewItem } from './review-item';
import { DecorativeThumbnail } from '@/components/decorative-thumbnail';
import { tell } from '@/lib/told';

export const queueWords = {
  review: 'Waiting for you',
  reviewIntro: 'Each needs what is listed under it, all in one form; then it goes on by itself.',
  failed: 'Failed',
  more: (shown: number, total: number) => `Showing ${shown} of ${total}.`,
  noError: 'It could not be published.',
  checkAgain: 'Check again',
  checkAgainHint: 'Fix what it says (on its marketplace’s screen, or its card), then check it again: it goes on by itself.',
  checkFailed: 'Could not check it again. Please try again.',
} as const;

const queueTones = {
  review: { frame: 'bg-amber-50 ring-amber-200', heading: 'text-amber-950', text: 'text-amber-900' },
  failed: { frame: 'bg-red-50 ring-red-200', heading: 'text-red-900', text: 'text-red-900' },
} as const;

/** One of the run's queues: its heading with the count, what to do, its first products and how many more there are. */
function AutopilotQueue({
  kind,
  title,
  hint,
  items,
  total,
  Item,
}: {
  kind: keyof typeof queueTones;
  title: string;
  hint: string;
  items: AutopilotItem[];
  total: number;
  Item: (props: { item: AutopilotItem }) => ReactNode;
}) {
  const tone = queueTones[kind];
  return (
    <section
      aria-labelledby={`autopilot-${kind}-heading`}
      className={`flex flex-col gap-2 rounded-xl p-2 ring-1 sm:p-3 ${tone.frame}`}
      data-testid={`autopilot-${kind}`}
    >
      <h3 id={`autopilot-${kind}-heading`} className={`text-sm font-semibold ${tone.heading}`}>
        {title} <span className="font-normal">({total})</span>
      </h3>
      <p className={`text-xs ${tone.text}`}>{hint}</p>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <Item key={item.itemId} item={item} />
        ))}
      </ul>
      {total > items.length && <p className={`text-xs ${tone.text}`}>{queueWords.more(items.length, total)}</p>}
    </section>
  );
}

/** The review queue: each product waiting for the seller, oldest first, with its Quick Fix. */
export function AutopilotReviewQueue({ items, total }: { items: AutopilotItem[]; total: number }) {
  return (
    <AutopilotQueue kind="review" title={queueWords.review} hint={queueWords.reviewIntro} items={items} total={total} Item={ReviewItem} />
  );
}

/** The products that failed, each with the error that stopped it and its action: check it again once fixed. */
export function AutopilotFailedList({ items, total }: { items: AutopilotItem[]; total: number }) {
  return (
    <AutopilotQueue
      kind="failed"
      title={queueWords.failed}
      hint={queueWords.checkAgainHint}
      items={items}
      total={total}
      Item={FailedItem}
    />
  );
}

/** One failed product: why, in the marketplace's words, and "Check again" (the autopilot's continue). */
function FailedItem({ item }: { item: AutopilotItem }) {
  const go = useContinueAutopilotItem();
  const [error, setError] = useState<string | null>(null);
  const name = item.title ? `${item.title}, ${item.sku}` : item.sku;
  return (
    <li
      className="flex flex-wrap gap-3 rounded-lg bg-white p-2 ring-1 ring-red-100"
      data-testid="autopilot-failed-item"
      data-sku={item.sku}
    >
      <DecorativeThumbnail url={item.thumbnailUrl} className="size-12 rounded-lg" />
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-xs font-semibold text-slate-500">{item.sku}</p>
        {item.title && <p className="truncate text-sm font-semibold text-slate-900">{item.title}</p>}
        <p className="text-sm text-red-800">{item.error ?? (item.reasons.map((r) => r.message).join(' ') || queueWords.noError)}</p>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-center"
        aria-label={`${queueWords.checkAgain}: ${name}`}
        loading={go.isPending}
        onClick={() => {
          setError(null);
          tell(
            go,
            { itemId: item.itemId },
            {
              onError: (err) =>
                setError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : queueWords.checkFailed),
            },
          );
        }}
      >
        {queueWords.checkAgain}
      </Button>
    </li>
  );
}
