import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormatFor } from './logger';

function terminal(isTTY: boolean) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream: Object.assign(stream, { isTTY, hasColors: () => false }), lines };
}

describe('logFormatFor', () => {
  it('writes readable lines to a terminal and JSON elsewhere', () => {
    expect(logFormatFor({ isTTY: true })).toBe('pretty');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');
  });
});

describe('createLogger', () => {
  it('writes JSON lines when stdout is not a terminal', async () => {
    const out = terminal(false);
    const log = await createLogger({ logLevel: 'info' }, out.stream);
    log.info({ urls: ['https://192.168.1.23:3000'] }, 'Resale Studio is running');
    await delay(20);
    const line = JSON.parse(out.lines.join(''));
    expect(line).toMatchObject({ level: 30, msg: 'Resale Studio is running', urls: ['https://192.168.1.23:3000'] });
  });

  it('writes a readable line at once, without pid or host name, on a terminal', async () => {
    const out = terminal(true);
    const log = await createLogger({ logLevel: 'info' }, out.stream);
    log.info({ reqId: 'r1', method: 'GET', url: '/api/items', statusCode: 200, ms: 3 }, 'GET /api/items 200 3 ms');
    log.debug('not at info level');
    const text = out.lines.join('');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/items 200 3 ms\n$/);
  });
});
