import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { channelListingsApi, type ListOnChannelsResponse } from '@shared/contracts/channels';
import { webPaths } from '@shared/contracts/web-paths';
import { apiChannels, channelNames, channels, isApiChannel, type Channel } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Sheet, SheetFooter, SheetHeader } from '@/components/sheet';
import { TouchCheckbox } from '@/components/touch-checkbox';
import {
  useChannelConnectionList,
  useChannelConnections,
  useUnconfiguredChannels,
  type ChannelConnection,
} from '@/entities/channels/use-channel-connections';
import { useOfferedAssistedChannels } from '@/entities/seller-region/use-offered-channels';
import { webChannels } from '../registry';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { ApiError } from '@/lib/api-client';
import { callRoute } from '@/lib/route-client';
import { listOnLabel, outcomeLine } from './list-on-words';

export const pickerWords = {
  title: 'List on...',
  assisted: 'You list it yourself: we prepare the listing.',
  connected: 'Connected: published for you.',
  connect: 'Connect on the Marketplaces screen',
  checking: 'Checking the connection...',
  pickOne: 'Pick at least one marketplace.',
  live: 'Live: already listed here.',
  failed: 'The items could not be listed. Please try again.',
} as const;

interface ChannelPickerProps {
  /** The items to list (one from a card, many from the select bar). */
  itemIds: string[];
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After the answer (the select bar keeps the refused items selected). */
  onListed?(answer: ListOnChannelsResponse): void;
  /** Marketplaces where every one of the items is already live: shown ticked, not to be picked again. */
  liveOn?: readonly Channel[];
}

/**
 * The channel picker: a checkbox per marketplace, then "List 20 items on Etsy and Depop". An API channel
 * publishes (it must be connected); an assisted one prepares the listing for the seller to hand over. The answer is
 * summed up per channel, with each refusal's reason.
 */
export function ChannelPicker({ itemIds, open, onOpenChange, onListed, liveOn = [] }: ChannelPickerProps) {
  const connections = useChannelConnections();
  const unconfigured = useUnconfiguredChannels();
  // Only the marketplaces serving the seller's country; one with an API channel now (Depop) is offered there only.
  const offeredAssisted = useOfferedAssistedChannels().filter((channel) => !isApiChannel(channel));
  const simulated = (useChannelConnectionList().data?.channels ?? []).filter((entry) => entry.simulated).map((entry) => entry.channel);
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<Channel[]>([]);
  const [answer, setAnswer] = useState<ListOnChannelsResponse | null>(null);
  const list = useMutation({
    mutationFn: () => callRoute(channelListingsApi.listOn, { body: { itemIds, channels: picked } }),
    onSuccess: (result) => {
      setAnswer(result);
      onListed?.(result);
      void invalidateItemQueries(queryClient);
    },
  });

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setAnswer(null);
      setPicked([]);
      list.reset();
    }
  }

  const toggle = (channel: Channel) =>
    setPicked((current) =>
      current.includes(channel) ? current.filter((c) => c !== channel) : channels.filter((c) => c === channel || current.includes(c)),
    );
  const rowOf = (channel: Channel, connection?: ChannelConnection) => (
    <ChannelRow
      key={channel}
      channel={channel}
      checked={picked.includes(channel)}
      live={liveOn.includes(channel)}
      onToggle={toggle}
      connection={connection}
    />
  );

  return (
    <Sheet open={open} onOpenChange={close} aria-describedby={undefined}>
      <SheetHeader title={pickerWords.title} description={`${itemIds.length} item${itemIds.length === 1 ? '' : 's'} selected`} />
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6" data-testid="channel-picker">
        {answer ? (
          <Outcome answer={answer} />
        ) : (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-slate-800">Marketplaces that publish for you</legend>
              {apiChannels.filter((channel) => !unconfigured.includes(channel)).map((channel) => rowOf(channel, connections[channel]))}
              {webChannels.map(
                ({ name, SimulatedPickerNote }) =>
                  SimulatedPickerNote && simulated.includes(name) && !unconfigured.includes(name) && <SimulatedPickerNote key={name} />,
              )}
            </fieldset>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-slate-800">Marketplaces you list on yourself</legend>
              {offeredAssisted.map((channel) => rowOf(channel))}
            </fieldset>
            {list.isError && (
              <Alert tone="error">
                {list.error instanceof ApiError && list.error.status !== 500 ? list.error.message : pickerWords.failed}
              </Alert>
            )}
          </>
        )}
      </div>
      <SheetFooter>
        {answer ? (
          <Button onClick={() => close(false)}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button onClick={() => list.mutate()} disabled={!picked.length} loading={list.isPending} data-testid="list-on-submit">
              {picked.length ? listOnLabel(itemIds.length, picked) : pickerWords.pickOne}
            </Button>
          </>
        )}
      </SheetFooter>
    </Sheet>
  );
}

function ChannelRow({
  channel,
  checked,
  live,
  onToggle,
  connection,
}: {
  channel: Channel;
  checked: boolean;
  live: boolean;
  onToggle(channel: Channel): void;
  connection?: ChannelConnection;
}) {
  const api = isApiChannel(channel);
  const unavailable = live || (api && connection !== 'connected');
  const noteId = `picker-note-${channel}`;
  const checkboxId = `picker-box-${channel}`;
  return (
    <div className="flex items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200" data-testid={`picker-${channel}`}>
      <TouchCheckbox
        id={checkboxId}
        checked={checked || live}
        disabled={unavailable}
        onChange={() => onToggle(channel)}
        aria-describedby={noteId}
      />
      <div className="min-w-0 flex-1">
        {/* The name is the checkbox's label: tapping it ticks the box as tapping the box does. */}
        <label
          htmlFor={checkboxId}
          className={`flex min-h-11 items-center text-sm font-semibold text-slate-900 ${unavailable ? '' : 'cursor-pointer'}`}
        >
          {channelNames[channel]}
        </label>
        <p id={noteId} className="text-xs text-slate-600">
          {live ? (
            <span className="font-semibold text-emerald-700">{pickerWords.live}</span>
          ) : !api ? (
            pickerWords.assisted
          ) : connection === 'connected' ? (
            pickerWords.connected
          ) : connection === 'unknown' ? (
            pickerWords.checking
          ) : (
            <Link to={webPaths.channels} className="inline-flex min-h-11 items-center font-semibold text-indigo-700 underline">
              {pickerWords.connect}
            </Link>
          )}
        </p>
      </div>
    </div>
  );
}

function Outcome({ answer }: { answer: ListOnChannelsResponse }) {
  return (
    <div className="flex flex-col gap-3" data-testid="list-on-outcome" role="status">
      {answer.channels.map((outcome) => (
        <div key={outcome.channel} className="rounded-xl px-3 py-2 ring-1 ring-slate-200">
          <p className="text-sm font-semibold text-slate-900">{outcomeLine(outcome)}</p>
          {outcome.prepared.length > 0 && (
            <p className="mt-1 text-xs text-slate-600">{`Tap "Ready to list on ${channelNames[outcome.channel]}" on a card to hand it over.`}</p>
          )}
          {outcome.refused.length > 0 && (
            <ul className="mt-1 flex flex-col gap-0.5 text-xs text-red-700">
              {outcome.refused.map((refusal) => (
                <li key={refusal.itemId}>
                  {`${refusal.sku}: ${refusal.message}`}
                  {refusal.fixOn && (
                    <>
                      {' '}
                      <Link
                        to={
                          refusal.fixOn === 'listing'
                            ? `${webPaths.listings}?${new URLSearchParams({ q: refusal.sku, open: refusal.itemId })}`
                            : webPaths.channels
                        }
                        className="font-semibold text-indigo-700 underline"
                      >
                        {refusal.fixOn === 'listing' ? `Fix it on Generate Listings` : 'Open Marketplaces'}
                      </Link>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}
