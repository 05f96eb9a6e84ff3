import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * A caller may name its request so its logs can be matched with ours, but only with a short
 * token of letters, digits, `.`, `_` and `-`. Anything else — a newline that would forge a log
 * line, a kilobyte of padding, markup — is ignored and the server picks the id.
 */
export const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestId(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Query parameters that carry credentials: the sign-in callback's one-time `code` and `state`,
 * and tokens some OpenID endpoints accept in the query. Their values never reach the logs.
 */
const SECRET_PARAMETERS = new Set([
  'code',
  'state',
  'id_token_hint',
  'token',
  'refresh_token',
  'code_verifier',
]);

/**
 * Every secret parameter's name has one of these words, and a name spelled with escapes has a `%`:
 * a query without any of them (a listing's filters, nearly every request) is logged as it came,
 * without parsing it and writing it again.
 */
const MAY_HOLD_SECRETS = /%|code|state|token/i;

export function urlForLogs(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1 || !MAY_HOLD_SECRETS.test(url.slice(mark + 1))) return url;
  const query = new URLSearchParams(url.slice(mark + 1));
  for (const name of [...query.keys()]) {
    if (SECRET_PARAMETERS.has(name.toLowerCase())) query.set(name, 'redacted');
  }
  return `${url.slice(0, mark)}?${query.toString()}`;
}

/**
 * Who is calling, as the authentication hooks leave it on the request: a staff member (session or
 * bearer token) or a customer signed in on the pay page. Only their ids are ever logged.
 */
interface Caller {
  identity?: { id: string; merchant_id: number } | null;
  consumer?: { id: number } | null;
}

/**
 * What a request log line says about the request: never cookies, headers, secret parameters,
 * tokens or emails. `route` is the pattern the request matched (none when it matched nothing),
 * `merchant` and `actor` say whose call it was when the caller is known.
 */
export function serializeRequest(request: FastifyRequest) {
  const { identity, consumer }: Caller = request;
  return {
    method: request.method,
    url: urlForLogs(request.url),
    route: request.routeOptions.url,
    host: request.host,
    remoteAddress: request.ip,
    merchant: identity?.merchant_id,
    actor: identity ? `user:${identity.id}` : consumer ? `consumer:${consumer.id}` : undefined,
  };
}

/** The key of a request's id in its log lines, and in those of the jobs it queued (lib/job-log.ts). */
export const REQUEST_ID_LOG_KEY = 'requestId';

/**
 * One log line per request, written when it is answered, with the request and the response
 * together: Fastify's default writes two (incoming, completed), which doubled the logging cost of
 * every call (docs/performance-log.md).
 */
export class OneLinePerRequest extends LogController {
  constructor() {
    super({ requestIdLogLabel: REQUEST_ID_LOG_KEY });
  }

  override incomingRequest(): void {}

  /** A 404 is told by its one completed line like any other answer. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/**
 * Standard output, written in blocks: every write of the default destination hands a line or two
 * to libuv's thread pool and wakes one of its threads, which under load cost the server a tenth of
 * its CPU (docs/performance-log.md). Lines wait until 4 KB have gathered, at most a second; pino
 * writes what is left when the process exits, so only a process killed outright loses them.
 */
export function logDestination() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}
