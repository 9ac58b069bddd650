/**
 * A fake Anthropic Messages API for tests and e2e. It checks each request like the real service (x-api-key,
 * anthropic-version, model, max_tokens, base64 image blocks, a tool with an input schema) and answers per mode.
 * Run alone: node --import tsx fakes/anthropic-server.ts [--port 4181] [--key fake-anthropic-key] [--rpm 600]
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  FakeState,
  goodWireListing,
  handleAdmin,
  invalidWireListing,
  readJson,
  retryAfterHeader,
  sendJson,
  sleep,
  statusOfMode,
  type FakeAiOptions,
  type FakeAiServer,
  type FakeMode,
} from './fake-ai-support';
import { keepIdleConnections } from './shared/keep-alive';

interface MessagesBody {
  model?: unknown;
  max_tokens?: unknown;
  messages?: { role: string; content: unknown }[];
  tools?: { name?: string; input_schema?: { type?: string; properties?: Record<string, unknown> } }[];
  tool_choice?: { type?: string; name?: string };
}

type Block = { type?: string; text?: string; source?: { type?: string; media_type?: string; data?: string } };

const apiError = (type: string, message: string) => ({ type: 'error', error: { type, message } });

function blocksOf(body: MessagesBody): Block[] {
  return (body.messages ?? []).flatMap((m) =>
    Array.isArray(m.content) ? (m.content as Block[]) : [{ type: 'text', text: String(m.content ?? '') }],
  );
}

function checkRequest(req: IncomingMessage, body: MessagesBody | undefined, apiKey: string): { status: number; body: unknown } | null {
  if (!req.headers['anthropic-version'])
    return { status: 400, body: apiError('invalid_request_error', 'anthropic-version: header is required') };
  // The SDK sends the key as x-api-key (older releases) or as a Bearer token (1.x); the service takes either.
  if (req.headers['x-api-key'] !== apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
    return { status: 401, body: apiError('authentication_error', 'invalid x-api-key') };
  }
  if (!body) return { status: 400, body: apiError('invalid_request_error', 'There was an error parsing the body of your request.') };
  if (typeof body.model !== 'string' || !body.model)
    return { status: 400, body: apiError('invalid_request_error', 'model: Field required') };
  if (typeof body.max_tokens !== 'number') return { status: 400, body: apiError('invalid_request_error', 'max_tokens: Field required') };
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return { status: 400, body: apiError('invalid_request_error', 'messages: Field required') };
  const images = blocksOf(body).filter((b) => b.type === 'image');
  if (images.length === 0)
    return { status: 400, body: apiError('invalid_request_error', 'Fake: the user message carries no image block.') };
  if (
    images.some((b) => b.source?.type !== 'base64' || !/^image\/(jpeg|png|webp|gif)$/.test(b.source.media_type ?? '') || !b.source.data)
  ) {
    return { status: 400, body: apiError('invalid_request_error', 'messages.0.content: image source must be base64 with a media_type') };
  }
  if (images.length > 100) return { status: 400, body: apiError('invalid_request_error', 'Too many images') };
  const tool = body.tools?.find((t) => t.name === body.tool_choice?.name);
  if (body.tool_choice?.type !== 'tool' || !tool || tool.input_schema?.type !== 'object' || !tool.input_schema.properties?.title) {
    return { status: 400, body: apiError('invalid_request_error', 'Fake: a forced tool with the listing input_schema is required.') };
  }
  return null;
}

function message(model: string, toolName: string, input: unknown) {
  return {
    id: `msg_${randomUUID().replace(/-/g, '')}`,
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'tool_use', id: `toolu_${randomUUID().replace(/-/g, '')}`, name: toolName, input }],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 1500, output_tokens: 450 },
  };
}

export async function startFakeAnthropic(options: FakeAiOptions = {}): Promise<FakeAiServer> {
  const apiKey = options.apiKey ?? 'fake-anthropic-key';
  const state = new FakeState(options);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (await handleAdmin(req, res, state)) return;
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages')
      return sendJson(res, 404, apiError('not_found_error', 'Not found'));
    const body = (await readJson(req)) as MessagesBody | undefined;
    const images = body ? blocksOf(body).filter((b) => b.type === 'image').length : 0;
    const record = (status: number, mode: FakeMode | 'checks-failed' | 'rate-limited') =>
      state.requests.push({
        at: Date.now(),
        path: '/v1/messages',
        model: typeof body?.model === 'string' ? body.model : null,
        imageCount: images,
        status,
        mode,
      });
    const refused = checkRequest(req, body, apiKey);
    if (refused) {
      record(refused.status, 'checks-failed');
      return sendJson(res, refused.status, refused.body);
    }
    const limits = () => {
      const l = state.limits();
      return {
        'request-id': `req_${randomUUID().replace(/-/g, '')}`,
        'anthropic-ratelimit-requests-limit': String(l.limit),
        'anthropic-ratelimit-requests-remaining': String(l.remaining),
        'anthropic-ratelimit-requests-reset': new Date(Date.now() + l.resetMs).toISOString(),
      };
    };
    if (!state.take()) {
      record(429, 'rate-limited');
      return sendJson(res, 429, apiError('rate_limit_error', 'Number of requests has exceeded your per-minute rate limit.'), {
        ...limits(),
        'retry-after': String(Math.max(1, Math.ceil(state.limits().nextMs / 1000))),
      });
    }
    const text = blocksOf(body!)
      .map((b) => b.text ?? '')
      .join('\n');
    const mode = state.modeFor(text);
    record(statusOfMode(mode), mode);
    if (mode === 'hang') return;
    if (mode === 'reset') return void res.socket?.destroy();
    const latency = state.latencyFor(text);
    if (latency) await sleep(latency);
    const model = body!.model as string;
    const toolName = body!.tool_choice!.name!;
    switch (mode) {
      case 'good':
        return sendJson(res, 200, message(model, toolName, goodWireListing(text, images)), limits());
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json', ...limits() });
        return res.end(
          `{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"tool_use","name":"${toolName}","input":{"title":"Lev`,
        );
      case 'invalid':
        return sendJson(res, 200, message(model, toolName, invalidWireListing()), limits());
      case 'rate-limit':
        return sendJson(res, 429, apiError('rate_limit_error', 'Number of requests has exceeded your per-minute rate limit.'), {
          ...limits(),
          ...retryAfterHeader(state),
        });
      case 'unavailable':
        return sendJson(res, 503, apiError('overloaded_error', 'Overloaded'), limits());
      case 'error':
        return sendJson(res, 500, apiError('api_error', 'Internal server error'), limits());
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => sendJson(res, 500, apiError('api_error', String(err))));
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    apiKey,
    get requests() {
      return state.requests;
    },
    setMode(mode, opts) {
      state.mode = mode;
      if (opts?.retryAfterSeconds !== undefined) state.retryAfterSeconds = opts.retryAfterSeconds;
    },
    queueMode(mode, times = 1) {
      for (let i = 0; i < times; i++) state.queued.push(mode);
    },
    setLatency(ms) {
      state.latencyMs = ms;
    },
    setRateLimit(perMinute) {
      state.setRateLimit(perMinute);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const fake = await startFakeAnthropic({
    port: Number(arg('--port') ?? 4181),
    apiKey: arg('--key'),
    rateLimitPerMinute: arg('--rpm') ? Number(arg('--rpm')) : undefined,
    latencyMs: arg('--latency') ? Number(arg('--latency')) : 150,
  });
  console.log(`fake Anthropic listening on ${fake.url} (key ${fake.apiKey})`);
}
