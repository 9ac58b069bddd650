import { itemStatusEvent, listingsPaths, type ItemStatusEvent } from '../../../shared/contracts/listings';

/**
 * The wire format of GET /api/events as the browser reads it: a `ready` event once connected, then one `item`
 * event per status change. This file and use-item-events.ts are the only places that know it.
 */
export const itemEventsUrl = listingsPaths.events;
export const readyEventName = 'ready';
export const itemEventName = 'item';

/** The payload of an `item` event, or null when it is not one this client understands. */
export function parseItemEvent(data: string): ItemStatusEvent | null {
  try {
    const parsed = itemStatusEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
