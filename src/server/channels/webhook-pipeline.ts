/**
 * The one way a marketplace's push is received (eBay's notifications, Shopify's and Depop's webhooks): the raw body,
 * then its signature, then its shape (zod), then the channel's handling, which records idempotently. Each channel
 * supplies only its signature check, its schema and its handler; what each answer means is decided here, once:
 * - a signature that fails: the channel's refusal (401, or eBay's 412), nothing read;
 * - not JSON, not the schema, or a NUL in any text (no store holds one): 400, nothing recorded;
 * - a delivery seen before (its id): 2xx, nothing done again (recording is idempotent besides);
 * - an order no seller of ours has, or one the marketplace says it does not know for the seller it was named for:
 *   2xx, logged (a 5xx would have the marketplace send it again for ever);
 * - the marketplace failing while its order is looked up: 2xx, and a pull of those sellers' sales is queued at once;
 * - our own store failing: 500, so the marketplace sends it again.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { connectionSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';

/** What the channel's handler did with a readable, signed delivery. */
export type HandledOutcome = 'recorded' | 'ignored' | 'not-ours' | 'pulled';
export type WebhookOutcome = HandledOutcome | 'replayed' | 'unreadable' | 'bad-signature' | 'store-failed';

export interface WebhookAnswer {
  status: number;
  outcome: WebhookOutcome;
}

/** How the marketplace answered a look-up: its order, no such order for this seller, or no answer to be had now. */
export type LookUp<O> = { found: O } | { notFound: string } | { unreachable: string };

/** What a handler may ask of the pipeline while it handles one delivery. */
export interface WebhookContext {
  log: FastifyBaseLogger;
  /**
   * Asks the marketplace (with one seller's connection); a refusal that is the marketplace's (an unknown order, no
   * usable connection) or its failure is an answer, not a throw: only our own failures throw.
   */
  lookUp<O>(ask: () => Promise<O>): Promise<LookUp<O>>;
  /** The sellers' sales are pulled now (the pull-sales job), for a delivery whose order could not be read. */
  pullSoon(userIds: string[]): Promise<void>;
}

/** Ids of deliveries already handled: eBay's kept in the database, the others' in memory (a replay records once anyway). */
export interface SeenDeliveries {
  has(id: string): Promise<boolean>;
  remember(id: string, kind: string): Promise<void>;
}

export interface WebhookChannel<H, D> {
  channel: ApiChannel;
  /** What the marketplace calls this push, for the logs. */
  name: string;
  /** A 2xx the marketplace takes as received (eBay's 204, 200 elsewhere). */
  okStatus: 200 | 204;
  /** The answer to a bad signature (eBay's 412, 401 elsewhere). */
  refusedStatus: 401 | 412;
  /** Whether the raw bytes are the marketplace's, signed with our secret. */
  verify(rawBody: Buffer, headers: H): boolean | Promise<boolean>;
  schema: z.ZodType<D>;
  /** What the schema cannot say alone (a header with it): false answers 400. */
  accepts?(delivery: D, headers: H): boolean;
  /** The delivery's own id, the same when it is sent again (none: recording alone keeps it once). */
  deliveryId?(delivery: D, headers: H): string | null;
  /** What the delivery is about, for the logs and the seen ids (the topic or event type). */
  kindOf(delivery: D, headers: H): string;
  /** What is known from a marketplace error: its order unknown for that seller, a failure, or neither (ours: rethrown). */
  marketplaceError(error: unknown): 'not-found' | 'unreachable' | null;
  handle(delivery: D, headers: H, context: WebhookContext): Promise<HandledOutcome>;
  seen?: SeenDeliveries;
}

export interface WebhookPipelineDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/** A text id as marketplaces send them: a string or a number, never empty, never a NUL. */
export const deliveredId = z
  .union([z.string().min(1).max(200), z.number().int().nonnegative()])
  .transform(String)
  .refine((id) => !id.includes('\u0000'), 'NUL in an id');

/** Whether any text in a parsed JSON value holds a NUL (neither PostgreSQL nor PGlite stores one). */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner));
  return false;
}

function parsedJson(rawBody: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(rawBody.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Handled delivery ids remembered in this process (the last `kept`). */
export function seenInMemory(kept = 1000): SeenDeliveries {
  const ids = new Set<string>();
  return {
    has: async (id) => ids.has(id),
    remember: async (id) => {
      ids.add(id);
      if (ids.size > kept) ids.delete(ids.values().next().value!);
    },
  };
}

export function createWebhookReceiver<H, D>(channel: WebhookChannel<H, D>, deps: WebhookPipelineDeps) {
  const { db, log } = deps;
  const answer = (outcome: WebhookOutcome): WebhookAnswer => {
    if (outcome === 'bad-signature') return { status: channel.refusedStatus, outcome };
    if (outcome === 'unreadable') return { status: 400, outcome };
    if (outcome === 'store-failed') return { status: 500, outcome };
    return { status: channel.okStatus, outcome };
  };

  const context: WebhookContext = {
    log,
    async lookUp(ask) {
      try {
        return { found: await ask() };
      } catch (error) {
        const known = channel.marketplaceError(error);
        if (!known) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        return known === 'not-found' ? { notFound: reason } : { unreachable: reason };
      }
    },
    async pullSoon(userIds) {
      for (const userId of userIds) await enqueue(db, 'pull-sales', { userId, subject: connectionSubject(channel.channel) });
    },
  };

  async function receive(rawBody: Buffer, headers: H): Promise<WebhookAnswer> {
    if (!(await channel.verify(rawBody, headers))) {
      log.warn({ channel: channel.channel, bytes: rawBody.length }, `${channel.name} refused (signature): nothing changed`);
      return answer('bad-signature');
    }
    const json = parsedJson(rawBody);
    const parsed = json.ok && !holdsNul(json.value) ? channel.schema.safeParse(json.value) : null;
    if (!parsed?.success || (channel.accepts && !channel.accepts(parsed.data, headers))) {
      log.warn({ channel: channel.channel, bytes: rawBody.length }, `${channel.name} not readable: nothing changed`);
      return answer('unreadable');
    }
    const delivery = parsed.data;
    const kind = channel.kindOf(delivery, headers);
    const id = channel.deliveryId?.(delivery, headers) ?? null;
    try {
      if (id && channel.seen && (await channel.seen.has(id))) {
        log.info({ channel: channel.channel, kind, id }, `${channel.name} replayed: nothing changed`);
        return answer('replayed');
      }
      // Handled before it is remembered: a store failure answers 500 and the marketplace sends it again.
      const outcome = await channel.handle(delivery, headers, context);
      if (outcome === 'not-ours')
        log.warn({ channel: channel.channel, kind, id }, `${channel.name} of no listing of our sellers: nothing recorded`);
      if (id && channel.seen) await channel.seen.remember(id, kind);
      return answer(outcome);
    } catch (err) {
      log.error(
        { err, channel: channel.channel, kind, id },
        `${channel.name} not recorded (our store failed): the marketplace sends it again`,
      );
      return answer('store-failed');
    }
  }

  /** `context`: the look-up and pull a handler gets, for the same handling outside a delivery (the benchmarks). */
  return { receive, context };
}

export type WebhookReceiver<H> = { receive(rawBody: Buffer, headers: H): Promise<WebhookAnswer> };

const errorCodes: Record<number, string> = { 400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 412: 'PRECONDITION_FAILED', 500: 'INTERNAL' };
const errorMessages: Record<number, string> = {
  400: 'Not a delivery we can read',
  401: 'Signature verification failed',
  412: 'Signature verification failed',
  500: 'Not recorded: send it again',
};

/** A request header as one string (a repeated header is none). */
export const headerText = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The POST route of a marketplace's push: the raw bytes kept for the signature (in this plugin's scope only), the
 * headers the channel reads, the pipeline's answer sent as it is.
 */
export function webhookPostRoute<H>(
  app: FastifyInstance,
  route: {
    path: string;
    tags: string[];
    summary: string;
    bodyLimit: number;
    headersOf: (request: FastifyRequest) => H;
    receiver: () => WebhookReceiver<H>;
    /** Checked first: false answers 404 (eBay's endpoint without its verification token). */
    enabled?: () => boolean;
  },
) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: route.bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
  app.post(route.path, { schema: { tags: route.tags, summary: route.summary } }, async (request, reply) => {
    if (route.enabled && !route.enabled()) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const { status } = await route.receiver().receive(raw, route.headersOf(request));
    if (status < 300) return reply.status(status).send();
    return reply.status(status).send({ error: { code: errorCodes[status] ?? 'BAD_REQUEST', message: errorMessages[status] ?? '' } });
  });
}
