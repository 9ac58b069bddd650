import { useState, type ReactNode } from 'react';
import type { ChannelListingView } from '@shared/contracts/items';
import {
  channelNames,
  isApiChannel,
  isAssistedChannel,
  isSoldOut,
  listingChangeMessages,
  type AssistedChannel,
  type ListingChange,
} from '@shared/domain/channel-listing';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';

/** Opens the assisted handover sheet of an item's prepared listing on one channel (composed by the app). */
export type OpenHandover = (itemId: string, channel: AssistedChannel) => void;

const base = 'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset';
/** A badge the seller taps (a link or a button): 44 px tall on a phone, a badge's height with a mouse. */
const tappable = 'min-h-11 sm:min-h-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

const tones = {
  live: 'bg-emerald-50 text-emerald-800 ring-emerald-300 hover:bg-emerald-100',
  publishing: 'bg-sky-50 text-sky-700 ring-sky-200',
  failed: 'bg-red-50 text-red-700 ring-red-200 hover:bg-red-100',
  ended: 'bg-slate-100 text-slate-700 ring-slate-300',
  sold: 'bg-violet-50 text-violet-800 ring-violet-300',
  ready: 'bg-indigo-50 text-indigo-800 ring-indigo-200 hover:bg-indigo-100',
  delist: 'bg-amber-100 text-amber-900 ring-amber-400 hover:bg-amber-200',
  stillLive: 'bg-amber-100 text-amber-900 ring-amber-400 hover:bg-amber-200',
} as const;

/** The words of each badge (shared with tests). */
export const channelBadgeWords = {
  live: (name: string) => `Live on ${name}`,
  stillLive: (name: string) => `Still live on ${name}`,
  publishing: (name: string) => `Publishing on ${name}...`,
  failed: (name: string) => `Failed on ${name}`,
  ended: (name: string) => `Ended on ${name}`,
  sold: (name: string) => `Sold on ${name}`,
  saleCancelled: (name: string) => `Sale cancelled on ${name}`,
  ready: (name: string) => `Ready to list on ${name}`,
  delist: (name: string) => `Delist from ${name}`,
  /** A live listing a change is being sent to (a revise after a save of the item's price, text or photos). */
  changing: (change: ListingChange, name: string) => `${listingChangeMessages.progress[change]} ${name}...`,
} as const;

/**
 * The item's status on each of its channels: Live (a link to the listing), Publishing..., Failed (the
 * marketplace's words on hover and on tap), Ended, Sold, Ready to list (an assisted listing prepared: opens its
 * handover), and a delist task in amber. A sold item's listing still live on an API channel (its end queued, retried or
 * refused) says "Still live on Etsy" in amber, as the notice under the card does (decision 083), never "Live". `except` leaves out the channels another badge shows (eBay's publish
 * badge). A listing sold on a channel whose sale was then cancelled (not among `saleChannels`, the item's standing
 * sales) says "Sale cancelled on Shopify". Nothing for a listing only saved as a draft on an API channel.
 */
export function ChannelBadges({
  itemId,
  listings,
  except = [],
  onOpenHandover,
  saleChannels,
  className,
}: {
  itemId: string;
  listings: ChannelListingView[];
  except?: readonly string[];
  onOpenHandover?: OpenHandover;
  /** The channels of the item's standing sales (`item.sale.channels`); absent: every sold listing stands. */
  saleChannels?: readonly string[];
  className?: string;
}) {
  const shown = listings.filter((listing) => !except.includes(listing.channel) && shows(listing));
  if (!shown.length) return null;
  const soldOut = isSoldOut(listings);
  return (
    <ul className={cn('flex flex-wrap items-center gap-1.5', className)} aria-label="Marketplaces" data-testid="channel-badges">
      {shown.map((listing) => (
        <li key={listing.channel} className="flex">
          <ChannelBadge
            itemId={itemId}
            listing={listing}
            soldOut={soldOut}
            saleCancelled={listing.status === 'sold' && saleChannels !== undefined && !saleChannels.includes(listing.channel)}
            onOpenHandover={onOpenHandover}
          />
        </li>
      ))}
    </ul>
  );
}

const shows = (listing: ChannelListingView) => listing.delistTask || listing.status !== 'draft' || isAssistedChannel(listing.channel);

function ChannelBadge({
  itemId,
  listing,
  soldOut,
  saleCancelled,
  onOpenHandover,
}: {
  itemId: string;
  listing: ChannelListingView;
  soldOut: boolean;
  saleCancelled: boolean;
  onOpenHandover?: OpenHandover;
}) {
  const [showError, setShowError] = useState(false);
  const name = channelNames[listing.channel];
  const testId = `channel-badge-${listing.channel}`;
  if (listing.delistTask)
    return (
      <Badge tone="delist" status="delist" testId={testId} url={listing.url}>
        {channelBadgeWords.delist(name)}
      </Badge>
    );
  if (listing.status === 'live' && soldOut && isApiChannel(listing.channel))
    return (
      <Badge tone="stillLive" status="still-live" testId={testId} url={listing.url}>
        {channelBadgeWords.stillLive(name)}
      </Badge>
    );
  if (listing.status === 'live' && listing.change) {
    // Where a save goes: each live listing says it is being updated, then its price (the event stream settles it).
    return (
      <Badge tone="publishing" status="changing" testId={testId}>
        <Spinner className="size-3.5" /> {channelBadgeWords.changing(listing.change, name)}
      </Badge>
    );
  }
  const live = (
    <Badge tone="live" status="live" testId={testId} url={listing.url}>
      {channelBadgeWords.live(name)}
    </Badge>
  );
  switch (listing.status) {
    case 'live':
      // A change the marketplace refused (a price under the floor, say) leaves the listing live, with its words.
      if (listing.error && isApiChannel(listing.channel))
        return (
          <span className="flex flex-col items-start gap-1">
            {live}
            <span role="note" className="max-w-xs text-xs text-red-700" data-testid={`${testId}-error`}>
              {listing.error}
            </span>
          </span>
        );
      return live;
    case 'publishing':
      return (
        <Badge tone="publishing" status="publishing" testId={testId}>
          <Spinner className="size-3.5" /> {channelBadgeWords.publishing(name)}
        </Badge>
      );
    case 'failed':
      return (
        <span className="flex flex-col items-start gap-1">
          <button
            type="button"
            title={listing.error ?? undefined}
            aria-expanded={showError}
            onClick={() => setShowError((open) => !open)}
            className={cn(base, tappable, tones.failed)}
            data-testid={testId}
            data-status="failed"
          >
            {channelBadgeWords.failed(name)}
          </button>
          {showError && listing.error && (
            <span role="note" className="max-w-xs text-xs text-red-700">
              {listing.error}
            </span>
          )}
        </span>
      );
    case 'ended':
      return (
        <Badge tone="ended" status="ended" testId={testId}>
          {channelBadgeWords.ended(name)}
        </Badge>
      );
    case 'sold':
      return saleCancelled ? (
        <Badge tone="ended" status="sale-cancelled" testId={testId}>
          {channelBadgeWords.saleCancelled(name)}
        </Badge>
      ) : (
        <Badge tone="sold" status="sold" testId={testId}>
          {channelBadgeWords.sold(name)}
        </Badge>
      );
    case 'draft':
      if (!isAssistedChannel(listing.channel)) return null;
      return onOpenHandover ? (
        <button
          type="button"
          onClick={() => onOpenHandover(itemId, listing.channel as AssistedChannel)}
          className={cn(base, tappable, tones.ready)}
          data-testid={testId}
          data-status="ready"
        >
          {channelBadgeWords.ready(name)}
        </button>
      ) : (
        <Badge tone="ready" status="ready" testId={testId}>
          {channelBadgeWords.ready(name)}
        </Badge>
      );
  }
}

/** A badge in its tone: a link to the listing where it has one (`url`), else its words alone. */
function Badge({
  tone,
  status,
  testId,
  url,
  children,
}: {
  tone: keyof typeof tones;
  status: string;
  testId: string;
  url?: string | null;
  children: ReactNode;
}) {
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className={cn(base, tappable, tones[tone])} data-testid={testId} data-status={status}>
      {children}
    </a>
  ) : (
    <span className={cn(base, tones[tone])} data-testid={testId} data-status={status}>
      {children}
    </span>
  );
}
