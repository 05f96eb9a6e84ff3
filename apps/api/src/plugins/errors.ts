import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { addressArea, type AddressArea } from '../lib/address-area.ts';
import { AppError } from '../lib/app-error.ts';
import { isStorableJson, unstorableText } from '../lib/storable-text.ts';

/** Answers about a signed-in user or a sign-in: no browser or proxy may keep a copy. */
const NEVER_STORED: ReadonlySet<AddressArea> = new Set(['api', 'auth']);

/** Fastify's `frameworkErrors`: an address the router cannot decode (`/%ff`) or is too long. */
export function answerBadAddress(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(error.statusCode ?? 400)
    .header('cache-control', 'no-store')
    .send({ code: 'BAD_REQUEST', message: 'The address is not valid.' });
}

/** Why an address is refused before routing, or null when it is fine. */
function refusedAddress(url: string, reply: FastifyReply): AppError | null {
  // Both refusals need a `%` or a NUL: nearly every address has neither and passes at once.
  const escaped = url.includes('%');
  // PostgreSQL text cannot hold NUL: refuse it at the door rather than fail deep inside a query.
  if (url.includes('\u0000') || (escaped && /%00/i.test(url))) {
    return new AppError('BAD_REQUEST', 400, 'The address contains a NUL character.');
  }
  if (!escaped) return null;
  // Every prefix that decides something (/api, /auth, /oidc) is plain ASCII. A percent-encoded
  // first segment only serves to make the raw address and the routed one disagree.
  const firstSegment = url.split(/[/?]/, 2)[1] ?? '';
  if (firstSegment.includes('%')) {
    reply.header('cache-control', 'no-store');
    return new AppError('BAD_REQUEST', 400, 'The first segment of the address must not be percent-encoded.');
  }
  return null;
}

/** One error shape for every failure: `{ code, message, details? }`. Never leaks internals on 5xx. */
export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  // Callback hooks, not async ones: they run on every request, and a promise each adds up.
  app.addHook('onRequest', (request, reply, done) => {
    done(refusedAddress(request.url, reply) ?? undefined);
  });

  // Fastify's own JSON parser (its limits and its refusal of `__proto__`), then the text it gave
  // checked: a NUL or a lone surrogate in any string is a 400 here rather than a 500 from the
  // database. Routes that read their body otherwise check it themselves (the batch upload).
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = body as string;
    parseJson(request, raw, (error, parsed) => {
      if (error) done(error, undefined);
      else if (!isStorableJson(raw, parsed)) done(unstorableText(), undefined);
      else done(null, parsed);
    });
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (NEVER_STORED.has(addressArea(request.url))) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.body());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        code: 'VALIDATION_FAILED',
        // The first problem in the contract's own words (its schemas carry the spec's texts).
        message: error.validation[0]?.message ?? 'The request is not valid.',
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

  // The portal's pages have a route of their own (plugins/portal.ts).
  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
});
