/**
 * A fake OpenAI-compatible chat completions server for tests, e2e and the benchmark. It checks each request like
 * the real service (Bearer key, model, image inputs, a JSON schema response format) and answers per mode.
 * Run alone: node --import tsx fakes/openai-server.ts [--port 4180] [--key fake-openai-key] [--rpm 600]
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

interface ChatBody {
  model?: unknown;
  messages?: { role: string; content: unknown }[];
  response_format?: { type?: string; json_schema?: { name?: string; schema?: { properties?: Record<string, unknown> } } };
}

const apiError = (message: string, type: string, code: string | null = null) => ({ error: { message, type, param: null, code } });

/** What the real service would refuse, or null when the request is well-formed. */
function checkRequest(req: IncomingMessage, body: ChatBody | undefined, apiKey: string): { status: number; body: unknown } | null {
  if (req.headers.authorization !== `Bearer ${apiKey}`) {
    return { status: 401, body: apiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key') };
  }
  if (!body) return { status: 400, body: apiError('We could not parse the JSON body of your request.', 'invalid_request_error') };
  if (typeof body.model !== 'string' || !body.model)
    return { status: 400, body: apiError('you must provide a model parameter', 'invalid_request_error') };
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return { status: 400, body: apiError("Missing required parameter: 'messages'.", 'invalid_request_error') };
  if (imagesOf(body).length === 0)
    return { status: 400, body: apiError('Fake: the user message carries no image_url input.', 'invalid_request_error') };
  if (imagesOf(body).some((url) => !/^data:image\/(jpeg|png|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(url))) {
    return { status: 400, body: apiError('Invalid image data URL.', 'invalid_request_error', 'invalid_image_url') };
  }
  const format = body.response_format;
  if (format?.type !== 'json_schema' || !format.json_schema?.name || !format.json_schema.schema?.properties?.title) {
    return { status: 400, body: apiError('Fake: response_format must be a json_schema with the listing schema.', 'invalid_request_error') };
  }
  return null;
}

function imagesOf(body: ChatBody): string[] {
  const urls: string[] = [];
  for (const message of body.messages ?? []) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as { type?: string; image_url?: { url?: string } }[]) {
      if (part.type === 'image_url' && typeof part.image_url?.url === 'string') urls.push(part.image_url.url);
    }
  }
  return urls;
}

function promptText(body: ChatBody): string {
  return (body.messages ?? [])
    .flatMap((m) =>
      typeof m.content === 'string'
        ? [m.content]
        : Array.isArray(m.content)
          ? (m.content as { text?: string }[]).map((p) => p.text ?? '')
          : [],
    )
    .join('\n');
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1200, completion_tokens: 400, total_tokens: 1600 },
  };
}

export async function startFakeOpenAi(options: FakeAiOptions = {}): Promise<FakeAiServer> {
  const apiKey = options.apiKey ?? 'fake-openai-key';
  const state = new FakeState(options);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (await handleAdmin(req, res, state)) return;
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/chat/completions') {
      return sendJson(res, 404, apiError(`Invalid URL (${req.method} ${req.url})`, 'invalid_request_error'));
    }
    const body = (await readJson(req)) as ChatBody | undefined;
    const record = (status: number, mode: FakeMode | 'checks-failed' | 'rate-limited') =>
      state.requests.push({
        at: Date.now(),
        path: '/v1/chat/completions',
        model: typeof body?.model === 'string' ? body.model : null,
        imageCount: body ? imagesOf(body).length : 0,
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
        'x-request-id': `req_${randomUUID().replace(/-/g, '')}`,
        'x-ratelimit-limit-requests': String(l.limit),
        'x-ratelimit-remaining-requests': String(l.remaining),
        'x-ratelimit-reset-requests': `${l.resetMs}ms`,
      };
    };
    if (!state.take()) {
      const wait = state.limits().nextMs;
      record(429, 'rate-limited');
      return sendJson(res, 429, apiError('Rate limit reached for requests per min (RPM).', 'requests', 'rate_limit_exceeded'), {
        ...limits(),
        'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
        'retry-after-ms': String(wait),
      });
    }
    const mode = state.modeFor(promptText(body!));
    record(statusOfMode(mode), mode);
    if (mode === 'hang') return; // never answers; the client's time-out has to fire
    if (mode === 'reset') return void res.socket?.destroy();
    const latency = state.latencyFor(promptText(body!));
    if (latency) await sleep(latency);
    const model = body!.model as string;
    switch (mode) {
      case 'good':
        return sendJson(res, 200, completion(model, JSON.stringify(goodWireListing(promptText(body!), imagesOf(body!).length))), limits());
      case 'malformed':
        return sendJson(res, 200, completion(model, '{"title": "Levi\'s Men\'s Jeans", "description": "Classic'), limits());
      case 'invalid':
        return sendJson(res, 200, completion(model, JSON.stringify(invalidWireListing())), limits());
      case 'rate-limit':
        return sendJson(res, 429, apiError('Rate limit reached for requests per min (RPM).', 'requests', 'rate_limit_exceeded'), {
          ...limits(),
          ...retryAfterHeader(state),
        });
      case 'unavailable':
        return sendJson(res, 503, apiError('The engine is currently overloaded, please try again later.', 'server_error'), limits());
      case 'error':
        return sendJson(
          res,
          500,
          apiError('The server had an error while processing your request. Sorry about that!', 'server_error'),
          limits(),
        );
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => sendJson(res, 500, apiError(String(err), 'server_error')));
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
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
  const fake = await startFakeOpenAi({
    port: Number(arg('--port') ?? 4180),
    apiKey: arg('--key'),
    rateLimitPerMinute: arg('--rpm') ? Number(arg('--rpm')) : undefined,
    latencyMs: arg('--latency') ? Number(arg('--latency')) : 150,
  });
  console.log(`fake OpenAI listening on ${fake.url} (key ${fake.apiKey})`);
}
