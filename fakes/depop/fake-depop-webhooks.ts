/**
 * The fake Depop's webhooks, as Depop's guide on validating them says (contracts/depop/GUIDES.md): one URL for the
 * partner, each delivery a JSON Webhook (`id`, `event_type`, `created_at`, `data`) POSTed with `X-Depop-Timestamp` (Unix
 * seconds) and `X-Depop-Signature`, the hex HMAC-SHA256 keyed with the webhook secret of `<timestamp>.<body>`, the body
 * the bytes as sent. Delivery is best effort, as Depop's: once, its outcome recorded, never retried.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { WebhookDelivery } from './fake-depop-state';

export interface WebhookConfig {
  /** The partner's webhook URL; unset: nothing is sent (and nothing recorded). */
  url?: string;
  secret: string;
}

/** `X-Depop-Signature` of a body sent at `timestamp` (Unix seconds). */
export const depopSignature = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export function createWebhookSender(
  config: WebhookConfig,
  deliveries: () => WebhookDelivery[],
  options: { fetch?: typeof fetch; now: () => number },
) {
  const pending = new Set<Promise<void>>();

  async function deliver(eventType: string, data: unknown): Promise<void> {
    const url = config.url;
    if (!url) return;
    const at = options.now();
    const body = JSON.stringify({ id: randomUUID(), event_type: eventType, created_at: new Date(at).toISOString(), data });
    const timestamp = Math.floor(at / 1000);
    const signature = depopSignature(config.secret, timestamp, body);
    const delivery: WebhookDelivery = { eventType, url, body, timestamp, signature, outcome: 'sending' };
    deliveries().push(delivery);
    try {
      const response = await (options.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-depop-timestamp': String(timestamp), 'x-depop-signature': signature },
        body,
      });
      delivery.outcome = response.status;
      await response.body?.cancel();
    } catch (err) {
      delivery.outcome = err instanceof Error ? err.message : String(err);
    }
  }

  return {
    /** Sends in the background: the API answers first, as Depop's does. */
    send(eventType: string, data: unknown): void {
      const sending = deliver(eventType, data).finally(() => pending.delete(sending));
      pending.add(sending);
    },
    /** Every delivery under way finished (tests wait for it before reading what arrived). */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
  };
}
