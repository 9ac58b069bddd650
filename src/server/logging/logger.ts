import type { FastifyBaseLogger } from 'fastify';
import pino, { type LoggerOptions } from 'pino';
import type { Config } from '../config';

/** Where log lines go: readable lines for a person at a terminal, JSON lines for a log collector or a file. */
export type LogFormat = 'pretty' | 'json';

export function logFormatFor(stdout: { isTTY?: boolean }): LogFormat {
  return stdout.isTTY ? 'pretty' : 'json';
}

const loggerOptions = (config: Pick<Config, 'logLevel'>): LoggerOptions => ({
  level: config.logLevel,
  redact: [
    'req.headers.cookie',
    'req.headers.authorization',
    'res.headers["set-cookie"]',
    // @fastify/multipart logs the request's headers at trace level as it starts parsing an upload.
    'busboyOptions.headers.cookie',
    'busboyOptions.headers.authorization',
  ],
});

/**
 * The one logger of the process (Fastify's and the workers'). pino-pretty is loaded only for a terminal, and
 * formats each line in this thread as it is written: nothing is lost when the process exits right after a line,
 * and no worker-thread transport has to be resolved from a bundled server.
 */
export async function createLogger(
  config: Pick<Config, 'logLevel'>,
  stdout: Pick<NodeJS.WriteStream, 'isTTY' | 'write'> & { hasColors?: () => boolean } = process.stdout,
): Promise<FastifyBaseLogger> {
  if (logFormatFor(stdout) === 'json') return pino(loggerOptions(config), stdout) as unknown as FastifyBaseLogger;
  const { prettyFactory } = await import('pino-pretty');
  const format = prettyFactory({
    colorize: stdout.hasColors?.() ?? false,
    translateTime: 'SYS:HH:MM:ss',
    // The request line already says these in words.
    ignore: 'pid,hostname,reqId,method,url,statusCode,ms',
  });
  return pino(loggerOptions(config), { write: (line: string) => void stdout.write(format(line)) }) as unknown as FastifyBaseLogger;
}
