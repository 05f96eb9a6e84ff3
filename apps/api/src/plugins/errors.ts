import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

/** One error shape for every failure: `{ code, message, details? }`. Never leaks internals on 5xx. */
export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
        details: error.validation.map((v) => ({
          in: error.validationContext,
          path: v.instancePath,
          message: v.message,
        })),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side.' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, rate limit…).
    return reply.status(status).send({
      code: error.code?.replace(/^FST_(ERR_)?/, '') || 'BAD_REQUEST',
      message: error.message,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
});
