import type { ItemStatusEvent } from '@shared/contracts/events';

export interface OpenedEventStream {
  status: number;
  contentType: string | null;
  /** `item` events received so far, in order. */
  events: ItemStatusEvent[];
  /** Every named event but `ready`, whatever its kind, with its raw data: what a stream may carry to its user. */
  blocks: Array<{ event: string; data: string }>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Waits (up to timeoutMs) until check passes on the events received; throws otherwise. */
  until(check: (list: ItemStatusEvent[]) => boolean, timeoutMs?: number): Promise<ItemStatusEvent[]>;
  close(): void;
}

/** Opens GET /api/events over real HTTP (base: the listening app's address) and collects its `item` events. */
export async function openEventStream(base: string, cookie: string): Promise<OpenedEventStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers: { cookie }, signal: abort.signal });
  const events: ItemStatusEvent[] = [];
  const blocks: OpenedEventStream['blocks'] = [];
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    ended = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: item\n')) events.push(JSON.parse(block.split('\ndata: ')[1]!));
          const named = /^event: (.+)\n/.exec(block);
          if (named && named[1] !== 'ready') blocks.push({ event: named[1]!, data: block.split('\ndata: ')[1] ?? '' });
        }
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    blocks,
    ended,
    async until(check, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!check(events) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (!check(events)) throw new Error(`events never matched: ${JSON.stringify(events)}`);
      return events;
    },
    close() {
      abort.abort();
    },
  };
}
