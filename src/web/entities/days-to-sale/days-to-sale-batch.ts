import { ApiError } from '@/lib/api-client';
import { callRoute } from '@/lib/route-client';
import { daysToSaleApi, maxDaysToSaleItems, type DaysToSaleResponse } from '@shared/contracts/days-to-sale';

/**
 * Days to sale asked for many cards at once (decision 152): each card's query asks for its item here, and the items
 * asked within one short window go in one POST /api/days-to-sale (up to its limit a call), never one request a card.
 */
const WINDOW_MS = 15;

interface Waiting {
  resolve(answer: DaysToSaleResponse): void;
  reject(error: unknown): void;
}

let waiting = new Map<string, Waiting[]>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function send(batch: Map<string, Waiting[]>) {
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += maxDaysToSaleItems) {
    const chunk = ids.slice(start, start + maxDaysToSaleItems);
    try {
      const { items } = await callRoute(daysToSaleApi.items, { body: { itemIds: chunk } });
      const byId = new Map(items.map((answer) => [answer.itemId, answer]));
      for (const id of chunk) {
        const answer = byId.get(id);
        for (const card of batch.get(id)!) {
          if (answer) card.resolve(answer);
          else card.reject(new Error('No answer for this item'));
        }
      }
    } catch (error) {
      // An item deleted since its card showed makes the call a 404: each item of it is then asked alone.
      if (error instanceof ApiError && error.status === 404 && chunk.length > 1) {
        await Promise.all(
          chunk.map((id) =>
            callRoute(daysToSaleApi.item, { params: { id } }).then(
              (answer) => batch.get(id)!.forEach((card) => card.resolve(answer)),
              (failure: unknown) => batch.get(id)!.forEach((card) => card.reject(failure)),
            ),
          ),
        );
      } else for (const id of chunk) for (const card of batch.get(id)!) card.reject(error);
    }
  }
}

/** The item's days to sale, from the next batched call. */
export function daysToSaleOf(itemId: string): Promise<DaysToSaleResponse> {
  return new Promise((resolve, reject) => {
    const cards = waiting.get(itemId);
    if (cards) cards.push({ resolve, reject });
    else waiting.set(itemId, [{ resolve, reject }]);
    timer ??= setTimeout(() => {
      const batch = waiting;
      waiting = new Map();
      timer = null;
      void send(batch);
    }, WINDOW_MS);
  });
}
