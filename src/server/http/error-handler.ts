import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ApiErrorBody } from '@shared/errors';
import { isDatabaseUnavailable } from '../db/unavailable';

const body = (code: string, message: string, errors?: string[]): ApiErrorBody => ({
  error: errors ? { code, message, errors } : { code, message },
});

export const databaseUnavailableMessage = 'The database cannot be reached right now. Please try again in a moment.';

/**
 * Errors the router meets before any route or hook runs (a path segment past maxParamLength, a malformed percent
 * escape): Fastify's own answer has another shape and echoes the whole path back, so these get the one shape too.
 */
export function frameworkErrorReply(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(body('BAD_REQUEST', 'The address is too long.'));
  } else if (err.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(body('BAD_REQUEST', 'The address is not valid.'));
  } else {
    reply.log.error({ err }, 'router error');
    void reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  }
}

/** The one place errors become HTTP answers. 5xx details stay in the log, never reach the browser. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, err.message);
      return reply.status(err.status).send(body(err.code, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
      const message = first ? `${where ? `${where}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send(body('VALIDATION_FAILED', message));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unreachable');
      return reply.status(503).send(body('UNAVAILABLE', databaseUnavailableMessage));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.'));
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The upload is too large.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('BAD_REQUEST', err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
