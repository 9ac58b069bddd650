/**
 * What the fake OpenAI-compatible and Anthropic servers share: the answer modes, a request-rate bucket like the real
 * services' (N per minute, enforced per second), the admin endpoints and a good listing in the prompt's wire shape.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** good: a valid listing; malformed: broken JSON; invalid: well-formed JSON that fails the schema;
 * rate-limit: 429 with Retry-After; hang: never answers; error: 500; unavailable: 503 (the service is down). */
/** `reset`: the connection is closed with no answer, as a provider closes a kept-alive connection the client sends on. */
export const fakeModes = ['good', 'malformed', 'invalid', 'rate-limit', 'hang', 'reset', 'error', 'unavailable'] as const;
export type FakeMode = (typeof fakeModes)[number];

export interface FakeAiOptions {
  port?: number;
  host?: string;
  apiKey?: string;
  /** The answer when no one-off mode is queued and the prompt carries no `fake-mode:` marker. */
  mode?: FakeMode;
  /** Requests per minute before 429s (enforced as a bucket of limit/60 refilled every second, like the real services). */
  rateLimitPerMinute?: number;
  /** Retry-After seconds of rate-limit mode; null sends no Retry-After header. */
  retryAfterSeconds?: number | null;
  /** Delay before each answer, like a model thinking. */
  latencyMs?: number;
}

export interface RecordedRequest {
  at: number;
  path: string;
  model: string | null;
  imageCount: number;
  status: number;
  mode: FakeMode | 'checks-failed' | 'rate-limited';
}

export interface FakeAiServer {
  /** Base URL to give the SDK (AI_BASE_URL). */
  url: string;
  port: number;
  apiKey: string;
  requests: RecordedRequest[];
  /** Default answer from now on. */
  setMode(mode: FakeMode, options?: { retryAfterSeconds?: number | null }): void;
  /** The next `times` requests answer `mode`, then the default again. */
  queueMode(mode: FakeMode, times?: number): void;
  setLatency(ms: number): void;
  setRateLimit(perMinute: number | undefined): void;
  close(): Promise<void>;
}

export class FakeState {
  mode: FakeMode;
  queued: FakeMode[] = [];
  retryAfterSeconds: number | null;
  latencyMs: number;
  requests: RecordedRequest[] = [];
  private limit: number | undefined;
  private tokens = 0;
  private refilledAt = Date.now();

  constructor(options: FakeAiOptions) {
    this.mode = options.mode ?? 'good';
    this.retryAfterSeconds = options.retryAfterSeconds === undefined ? 5 : options.retryAfterSeconds;
    this.latencyMs = options.latencyMs ?? 0;
    this.setRateLimit(options.rateLimitPerMinute);
  }

  setRateLimit(perMinute: number | undefined) {
    this.limit = perMinute;
    this.tokens = perMinute ? this.capacity() : 0;
    this.refilledAt = Date.now();
  }

  /** The mode for one request: a `fake-mode:<mode>` marker in the prompt, a queued one-off, or the default. */
  modeFor(promptText: string): FakeMode {
    const marker = /fake-mode:([a-z-]+)/.exec(promptText)?.[1] as FakeMode | undefined;
    if (marker && fakeModes.includes(marker)) return marker;
    return this.queued.shift() ?? this.mode;
  }

  /** The delay before one answer: a `fake-delay:<ms>` marker in the prompt (at most 30 s), or the configured latency. */
  latencyFor(promptText: string): number {
    const marked = Number(/fake-delay:(\d+)/.exec(promptText)?.[1] ?? NaN);
    return Number.isFinite(marked) ? Math.min(marked, 30_000) : this.latencyMs;
  }

  private capacity() {
    return Math.max(1, Math.round((this.limit ?? 0) / 60));
  }

  private refill(now: number) {
    if (!this.limit) return;
    const perMs = this.limit / 60_000;
    this.tokens = Math.min(this.capacity(), this.tokens + (now - this.refilledAt) * perMs);
    this.refilledAt = now;
  }

  /** Takes one request from the bucket; false when the limit is reached. */
  take(now = Date.now()): boolean {
    if (!this.limit) return true;
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return false;
  }

  /** What the rate-limit headers report: limit per minute, remaining, ms until full and until the next request. */
  limits(now = Date.now()) {
    const limit = this.limit ?? 10_000;
    if (!this.limit) return { limit, remaining: limit - 1, resetMs: 6, nextMs: 0 };
    this.refill(now);
    const perMs = this.limit / 60_000;
    return {
      limit,
      remaining: Math.floor(this.tokens),
      resetMs: Math.ceil((this.capacity() - this.tokens) / perMs),
      nextMs: this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) / perMs),
    };
  }
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Admin endpoints under /__admin: POST mode {mode, times?, retryAfterSeconds?}, POST reset, POST config {latencyMs?, rateLimitPerMinute?}, GET requests. */
export async function handleAdmin(req: IncomingMessage, res: ServerResponse, state: FakeState): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (!url.pathname.startsWith('/__admin/')) return false;
  const action = url.pathname.slice('/__admin/'.length);
  if (req.method === 'GET' && action === 'requests') {
    sendJson(res, 200, { requests: state.requests });
    return true;
  }
  const body = ((await readJson(req)) ?? {}) as {
    mode?: FakeMode;
    times?: number;
    retryAfterSeconds?: number | null;
    latencyMs?: number;
    rateLimitPerMinute?: number | null;
  };
  if (action === 'mode' && body.mode && fakeModes.includes(body.mode)) {
    if (body.retryAfterSeconds !== undefined) state.retryAfterSeconds = body.retryAfterSeconds;
    if (body.times) for (let i = 0; i < body.times; i++) state.queued.push(body.mode);
    else state.mode = body.mode;
    sendJson(res, 200, { ok: true });
  } else if (action === 'config') {
    if (body.latencyMs !== undefined) state.latencyMs = body.latencyMs;
    if (body.rateLimitPerMinute !== undefined) state.setRateLimit(body.rateLimitPerMinute ?? undefined);
    sendJson(res, 200, { ok: true });
  } else if (action === 'reset') {
    state.mode = 'good';
    state.queued = [];
    state.requests = [];
    state.latencyMs = 0;
    state.setRateLimit(undefined);
    sendJson(res, 200, { ok: true });
  } else {
    sendJson(res, 404, { error: 'unknown admin action' });
  }
  return true;
}

function line(prompt: string, label: string): string | null {
  const value = new RegExp(`${label}: (.+)`).exec(prompt)?.[1]?.trim();
  return value && value !== 'not given' ? value : null;
}

/**
 * Per-product answers a test asks for in the brand it types, beside `fake-mode:`, so parallel tests never steer one
 * shared fake: `fake-size:Huge` (the size read from the tag), `fake-price:9.5` (the suggested price) and
 * `fake-delay:4000` (the answer's delay, FakeState.latencyFor).
 */
const markers = /fake-(?:mode|size|price|delay):\S+/g;
/** "$28", "£28", "€28": a whole amount as an English listing writes it. */
const wholeAmount = (units: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(units);

const marker = (prompt: string, name: 'size' | 'price') => new RegExp(`fake-${name}:(\\S+)`).exec(prompt)?.[1] ?? null;

/** A good listing in the prompt's wire shape, shaped by what the seller told (brand, category) in the prompt. */
export function goodWireListing(prompt: string, imageCount: number) {
  const brand = line(prompt, 'Brand')?.replace(markers, '').trim() || "Levi's";
  const size = marker(prompt, 'size') ?? '32';
  const price = Number(marker(prompt, 'price') ?? NaN);
  const category = line(prompt, 'Category') ?? 'Mens Jeans';
  // The currency the app asks the price in (the item's): the notes' amounts are in it, as a real model writes them.
  const currency = /Price currency: ([A-Z]{3})/.exec(prompt)?.[1] ?? 'USD';
  const men = category.toLowerCase().startsWith('mens');
  const type = /jeans/i.test(category) ? 'Jeans' : /top/i.test(category) ? 'Shirt' : /outerwear/i.test(category) ? 'Jacket' : 'Pants';
  const last = Math.max(1, imageCount);
  return {
    title: `${brand} ${men ? "Men's" : "Women's"} ${type} Blue Cotton Regular Fit Size ${size}`.slice(0, 80),
    description: `${brand} ${type.toLowerCase()} in a classic medium blue. Regular fit, five pockets, button closure.\n\nCondition: gently used with light fading at the hems; no holes or stains. See photos.`,
    tags: [brand.toLowerCase(), type.toLowerCase(), 'blue', 'cotton', 'regular fit'],
    conditionNotes: 'Light fading at the hems. No holes, stains or odours.',
    measurements: [
      { name: 'waist', value: '16 in' },
      { name: 'inseam', value: '30 in' },
      { name: 'pit to pit', value: '21 in' },
    ],
    suggestedPrice: Number.isFinite(price) && price > 0 ? price : 34.5,
    pricingNotes: `Recent sold listings for this brand and style are ${wholeAmount(28, currency)}-${wholeAmount(45, currency).replace(/^\D+/, '')} in similar condition.`,
    ebayCategoryId: men ? '11483' : '11554',
    ebayCategoryName: men
      ? "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans"
      : "Clothing, Shoes & Accessories > Women > Women's Clothing > Jeans",
    categoryConfidence: 0.9,
    ebayConditionGrade: 'good',
    brand,
    size,
    color: 'Blue',
    material: '100% Cotton',
    style: 'Straight',
    fit: 'Regular',
    department: men ? 'Men' : 'Women',
    sizeType: 'Regular',
    itemSpecifics: [
      { name: 'Fit Type', value: 'Regular' },
      { name: 'Material', value: '100% Cotton' },
      { name: 'Pattern', value: 'Solid' },
    ],
    evidence: [
      { attribute: 'brand', source: 'photo', photo: 1, note: 'Logo patch on the waistband' },
      { attribute: 'size', source: 'photo', photo: last, note: 'Size tag inside the waistband' },
      { attribute: 'material', source: 'photo', photo: last, note: 'Care label' },
      { attribute: 'color', source: 'photo', photo: 1, note: 'Overall colour' },
      { attribute: 'style', source: 'inferred', photo: null, note: 'Straight leg shape' },
      { attribute: 'fit', source: 'inferred', photo: null, note: 'Cut of the leg' },
      { attribute: 'department', source: 'inferred', photo: null, note: 'From the category' },
      { attribute: 'sizeType', source: 'inferred', photo: null, note: 'No petite/plus marking' },
    ],
  };
}

/** Retry-After of rate-limit mode as a header (none when the mode says null). */
export function retryAfterHeader(state: FakeState): Record<string, string> {
  return state.retryAfterSeconds === null ? {} : { 'retry-after': String(state.retryAfterSeconds) };
}

/** A listing that parses as JSON but breaks the schema: no description, and a title far over 80 characters. */
export function invalidWireListing() {
  return { title: 'X'.repeat(120), tags: [], suggestedPrice: 'cheap' };
}

/** The HTTP status a mode answers with (hang: 200, which it never sends; reset: none, 0). */
export function statusOfMode(mode: FakeMode): number {
  if (mode === 'reset') return 0;
  return mode === 'rate-limit' ? 429 : mode === 'error' ? 500 : mode === 'unavailable' ? 503 : 200;
}
