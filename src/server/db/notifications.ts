import pg from 'pg';

export interface NotificationHandlers {
  /** One NOTIFY on the channel, with its payload. */
  onNotify(payload: string): void;
  /** The connection was lost and is back: notifications sent meanwhile are gone, so catch up. */
  onReconnect(): void;
  /** The connection is lost: until onReconnect, notifications are not heard. */
  onLost?(): void;
  onError?(err: unknown): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * One dedicated PostgreSQL connection (outside the pool) that LISTENs on `channel`. A lost connection is opened
 * again with backoff, then `onReconnect` runs. Answers once the first LISTEN is in place.
 */
export async function listenForNotifications(url: string, channel: string, handlers: NotificationHandlers): Promise<NotificationListener> {
  let current: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    const lost = (err?: unknown) => {
      if (current !== client) return;
      current = undefined;
      handlers.onLost?.();
      if (err) handlers.onError?.(err);
      void client.end().catch(() => {});
      if (!closed) schedule(RETRY_FIRST_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    current = client;
  };

  const schedule = (delayMs: number) => {
    const reconnect = async () => {
      if (closed) return;
      try {
        await connect();
        if (closed) await current?.end().catch(() => {});
        else handlers.onReconnect();
      } catch (err) {
        handlers.onError?.(err);
        if (!closed) schedule(Math.min(delayMs * 2, RETRY_MAX_MS));
      }
    };
    // reconnect settles every failure itself.
    retry = setTimeout(() => void reconnect(), delayMs);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
