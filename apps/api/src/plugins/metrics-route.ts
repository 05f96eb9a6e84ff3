import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

/** Who may read `/metrics` on an instance. */
export interface MetricsAccess {
  registry: Registry;
  /**
   * Anyone who reaches the address: for a listener of its own that only the operators' network
   * reaches. Otherwise only a caller sending `Authorization: Bearer <token>`.
   */
  open: boolean;
  /** METRICS_TOKEN. Without it, and not open, every call is answered as an unknown address. */
  token?: string | undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the token. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or the first wrong character of a guess.
 */
function bearerCheck(token: string | undefined): (authorization: string | undefined) => boolean {
  if (!token) return () => false;
  const expected = digest(token);
  return (authorization) => {
    const sent = authorization && /^Bearer (.+)$/i.exec(authorization)?.[1];
    return sent ? timingSafeEqual(digest(sent), expected) : false;
  };
}

/**
 * `GET /metrics` in Prometheus' text format (version 0.0.4) on any Fastify instance: the app's
 * own port (with a token) or an operations listener (open). A caller without the token gets the
 * instance's own answer for an unknown address, so the route's existence is not given away.
 */
export function registerMetricsRoute(instance: FastifyInstance, access: MetricsAccess): void {
  const allowed = access.open ? () => true : bearerCheck(access.token);
  instance.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request.headers.authorization)) return reply.callNotFound();
    const text = await access.registry.metrics();
    return reply.header('cache-control', 'no-store').type(access.registry.contentType).send(text);
  });
}
