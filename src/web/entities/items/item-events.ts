import { eventsPaths, itemStatusEvent, streamReadyEvent, type ItemStatusEvent } from '@shared/contracts/events';

/**
 * The wire format of GET /api/events as the browser reads it: a `ready` event once connected, then one `item`
 * event per status change. This file and use-item-events.ts are the only places that know it.
 */
export const itemEventsUrl = eventsPaths.stream;
export const readyEventName = streamReadyEvent;
export const itemEventName: ItemStatusEvent['type'] = 'item';

/** The payload of an `item` event, or null when it is not one this client understands. */
export function parseItemEvent(data: string): ItemStatusEvent | null {
  try {
    const parsed = itemStatusEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
