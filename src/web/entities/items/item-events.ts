import type { z } from 'zod';
import {
  eventsPaths,
  itemStatusEvent,
  listingStatusEvent,
  saleEvent,
  streamReadyEvent,
  type ItemStatusEvent,
  type ListingStatusEvent,
  type SaleEvent,
} from '@shared/contracts/events';

/**
 * The wire format of GET /api/events as the browser reads it: a `ready` event once connected, then one `item` event
 * per item status change, one `listing` event per change of an item's listing on a channel and one `sale` event per
 * sale pulled (or cancelled). Other event names
 * are not listened to. This file and use-item-events.ts are the only places that know it.
 */
export const itemEventsUrl = eventsPaths.stream;
export const readyEventName = streamReadyEvent;
export const itemEventName: ItemStatusEvent['type'] = 'item';
export const listingEventName: ListingStatusEvent['type'] = 'listing';
export const saleEventName: SaleEvent['type'] = 'sale';

function parseWith<T>(schema: z.ZodType<T>, data: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The payload of an `item` event, or null when it is not one this client understands. */
export const parseItemEvent = (data: string): ItemStatusEvent | null => parseWith(itemStatusEvent, data);

/** The payload of a `listing` event, or null when it is not one this client understands (a channel it does not know). */
export const parseListingEvent = (data: string): ListingStatusEvent | null => parseWith(listingStatusEvent, data);

/** The payload of a `sale` event, or null when it is not one this client understands. */
export const parseSaleEvent = (data: string): SaleEvent | null => parseWith(saleEvent, data);

/** Hands `handle` each `name` event of the stream that `parse` reads; one it cannot read is passed over. */
export function onStreamEvent<Event>(
  source: EventSource,
  name: string,
  parse: (data: string) => Event | null,
  handle: (event: Event) => void,
) {
  source.addEventListener(name, (message) => {
    const event = parse((message as MessageEvent<string>).data);
    if (event) handle(event);
  });
}
