import type { ReactNode } from 'react';
import type { ListedItem } from '@shared/contracts/items';
import { RasterIcon } from '@/components/raster-icon';
import { useAutopilotRun } from './api/get-autopilot-run';

/** What a card says of an item the autopilot holds for the seller: never "Ready" while it waits for an answer. */
export const waitingWords = (reasons: number) =>
  reasons === 1 ? 'Waiting for you · 1 to answer' : `Waiting for you · ${reasons} to answer`;

/**
 * The card's status, read beside the autopilot's run (the panel's query, so no request of its own): an item in the
 * review queue and not yet live or sold anywhere says it waits for the seller; any other shows the card's own.
 */
export function AutopilotCardStatus({ item, status }: { item: ListedItem; status: ReactNode }) {
  const run = useAutopilotRun();
  const waiting = run.data?.run?.review.find((entry) => entry.itemId === item.id);
  const settled = item.listings.some((listing) => listing.status === 'live' || listing.status === 'sold');
  if (!waiting || settled) return status;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-200"
      data-testid="badge-autopilot-waiting"
    >
      <RasterIcon name="alertTriangle-amber-800" className="size-3.5" /> {waitingWords(waiting.reasons.length)}
    </span>
  );
}
