import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { registerRequestLog } from './request-log';

describe('registerRequestLog', () => {
  it('logs API requests at info and the web app’s files and photos at debug, one line each', async () => {
    const lines: { level: number; msg: string; statusCode: number }[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const app = Fastify({ loggerInstance: log as unknown as FastifyBaseLogger });
    registerRequestLog(app);
    app.get('/api/items', async () => ({ items: [] }));
    app.post('/api/items', async () => ({ ok: true }));
    app.get('/assets/index-abc.js', async () => 'js');
    app.get('/api/files/:token', async () => 'jpeg');

    await app.inject({ method: 'GET', url: '/api/items?limit=5' });
    await app.inject({ method: 'POST', url: '/api/items', payload: {} });
    await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    await app.inject({ method: 'GET', url: '/api/files/tok' });
    await app.close();

    const requestLines = lines.filter((l) => l.statusCode !== undefined).map((l) => [l.level, l.msg.replace(/\d+ ms$/, 'n ms')]);
    expect(requestLines).toEqual([
      [30, 'GET /api/items 200 n ms'],
      [30, 'POST /api/items 200 n ms'],
      [20, 'GET /assets/index-abc.js 200 n ms'],
      [20, 'GET /api/files/[token] 200 n ms'], // a signed file token is a credential: never logged
    ]);
  });
});
